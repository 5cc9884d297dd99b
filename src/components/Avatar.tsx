/** A round avatar: the photo when there is one, else the first letter of the name on the brand colour. */
export function Avatar({ src, name, size = 32 }: { src?: string | null; name?: string | null; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  const initial = (name ?? '').trim().charAt(0).toUpperCase();
  return (
    <span className="avatar avatar-fallback" style={style} aria-hidden="true">
      {initial || '·'}
    </span>
  );
}
