import { formatHlc, HLC_PATTERN, type Hlc, parseHlc } from '../../src/lib/hlc';
import type { Caller } from './context';

/** Breaks ties in favour of a direct call over a device's change stamped the same millisecond. */
const SERVER_NODE = 'server';

/** Now, as the server stamps a change it receives unstamped. */
export const serverStamp = (): Hlc => formatHlc(Date.now(), 0, SERVER_NODE);

/** When the caller's change was made: a sync mutation's own stamp, else (a REST call) now. */
export function stampOf(caller: Caller): Hlc {
  return caller.clock?.hlc ?? serverStamp();
}

/** Records that a newer edit kept these fields (told to the device in its push result). */
export function superseded(caller: Caller, fields: string[]): void {
  if (fields.length > 0) caller.clock?.superseded.push(...fields);
}

/**
 * A pushed mutation's stamp, checked and clamped to now (an edit cannot have been made in the
 * future, and a device whose clock runs fast must not win every conflict); null if malformed.
 */
export function acceptStamp(raw: unknown, now = Date.now()): Hlc | null {
  if (typeof raw !== 'string' || !HLC_PATTERN.test(raw)) return null;
  const { wall, counter, node } = parseHlc(raw);
  return wall > now ? formatHlc(now, counter, node) : raw;
}
