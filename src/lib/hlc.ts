/**
 * Hybrid logical clocks: when a change was made, comparable across devices.
 *
 * A stamp is `{wall ms, 15 digits}:{counter, 5 digits}:{node}`, so plain string comparison
 * orders stamps by wall time, then by counter, then by node (a tie-breaker that makes two
 * devices' stamps never equal). A device's clock never goes backwards: each new stamp is above
 * the last one it made or saw, even if the wall clock is set back. The server clamps stamps to
 * its own now (an edit cannot have been made in the future), so a phone whose clock runs fast
 * cannot win every conflict.
 */
export type Hlc = string;

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 5;
export const HLC_PATTERN = /^\d{15}:\d{5}:[A-Za-z0-9_-]{1,64}$/;

export function formatHlc(wall: number, counter: number, node: string): Hlc {
  return `${String(Math.max(0, Math.floor(wall))).padStart(WALL_DIGITS, '0')}:${String(counter).padStart(COUNTER_DIGITS, '0')}:${node}`;
}

export function parseHlc(stamp: Hlc): { wall: number; counter: number; node: string } {
  const [wall = '0', counter = '0', ...node] = stamp.split(':');
  return { wall: Number(wall), counter: Number(counter), node: node.join(':') };
}

/** The next stamp after `last` (or none) at wall time `now`. */
export function nextHlc(last: Hlc | null, now: number, node: string): Hlc {
  const prev = last ? parseHlc(last) : { wall: 0, counter: 0 };
  if (now > prev.wall) return formatHlc(now, 0, node);
  return formatHlc(prev.wall, prev.counter + 1, node);
}

/** Whether a write stamped `incoming` replaces a value last written at `stored` (none: always). */
export function isNewer(incoming: Hlc, stored: Hlc | undefined | null): boolean {
  return !stored || incoming >= stored;
}

/** The later of two stamps. */
export const maxHlc = (a: Hlc, b: Hlc): Hlc => (a >= b ? a : b);
