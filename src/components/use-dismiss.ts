import { type RefObject, useEffect, useRef } from 'react';

/** For overlays: focus `ref` when shown, and call `onDismiss` on Escape. */
export function useDismiss<T extends HTMLElement>(onDismiss: () => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onDismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return ref;
}
