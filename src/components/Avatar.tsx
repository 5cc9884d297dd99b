/**
 * A round avatar: the photo when there is one, else the name's first letter (or first
 * character, for a Chinese, Japanese or Korean name) on a colour that stays the same for the
 * same person: picked by `colourKey` (a stable id, such as the card's) when given, so a remark
 * or a renamed title never changes it; by the name otherwise. With no name at all, a person's
 * outline.
 */
export function Avatar({
  src,
  name,
  colourKey,
  size = 32,
}: {
  src?: string | null;
  name?: string | null;
  colourKey?: string | number;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  const initial = initialOf(name ?? '');
  return (
    <span
      className="avatar avatar-fallback"
      style={{
        ...style,
        background: initial ? colourOf(colourKey === undefined ? (name ?? '') : `#${colourKey}`) : undefined,
      }}
      aria-hidden="true"
    >
      {initial || <PersonIcon />}
    </span>
  );
}

/** The first letter or character of a name, upper-cased; '' when it has none (an email's @ or digits count). */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  return /[\p{L}\p{N}]/u.test(first) ? first.toLocaleUpperCase() : '';
}

/** Dark enough for white text (WCAG AA at avatar sizes), picked by a name or an id. */
const COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#b45309', '#047857', '#4338ca', '#a21caf'];
export function colourOf(name: string): string {
  let hash = 0;
  for (const char of name.trim()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? '#0f766e';
}

const PersonIcon = () => (
  <svg viewBox="0 0 24 24" width="60%" height="60%" fill="none" aria-hidden="true">
    <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" />
    <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
