import { useSyncExternalStore } from 'react';

/**
 * SPEC §2: only one video plays at a time. The page keeps one "active video" id; starting a
 * video makes it the active one, and every other video reacts: an embedded player (YouTube,
 * Facebook; cross-origin, so it cannot be paused from here) is unmounted back to its poster, an
 * HLS <video> is paused. Module-level, so it holds across several block lists on one page.
 */
let active: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setActiveVideo(id: string): void {
  if (active === id) return;
  active = id;
  emit();
}

/** Forgets `id` if it is the active one (it stopped, or left the page). */
export function releaseVideo(id: string): void {
  if (active !== id) return;
  active = null;
  emit();
}

export function activeVideo(): string | null {
  return active;
}

export function subscribeActiveVideo(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useActiveVideo(): string | null {
  return useSyncExternalStore(subscribeActiveVideo, activeVideo, activeVideo);
}
