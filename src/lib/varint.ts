/**
 * Unsigned integers in 7-bit groups, lowest first, every group but the last with its high bit
 * set: LEB128, which MQTT's "remaining length" is too (at most 4 bytes there).
 */
export function encodeVarint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    out.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return out;
}

/** The varint at `start`, of at most `maxBytes` bytes, and where what follows it starts; null when it does not end within them. */
export function readVarint(bytes: Uint8Array, start: number, maxBytes: number): { value: number; next: number } | null {
  let value = 0;
  let shift = 1;
  for (let at = start; at < bytes.length && at < start + maxBytes; at++) {
    const byte = bytes[at] ?? 0;
    value += (byte & 0x7f) * shift;
    if ((byte & 0x80) === 0) return { value, next: at + 1 };
    shift *= 128;
  }
  return null;
}
