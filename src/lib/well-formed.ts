/**
 * Text from outside made well-formed: an unpaired UTF-16 surrogate (half of a pair, which a
 * JSON escape like "\ud800" can carry but no database column takes) becomes U+FFFD, as a
 * UTF-8 decoder makes of a broken byte sequence. `String.prototype.toWellFormed` is not in
 * Node 20, hence the regex.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Makes every string of a parsed JSON value (object keys included) well-formed, in place, and
 * answers it. It walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return wellFormedText(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const item: unknown = node[i];
        if (typeof item === 'string') node[i] = wellFormedText(item);
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        let item = record[key];
        if (typeof item === 'string') item = wellFormedText(item);
        else if (item !== null && typeof item === 'object') stack.push(item);
        const fixed = wellFormedText(key);
        if (fixed !== key) {
          delete record[key];
          record[fixed] = item;
        } else if (record[key] !== item) record[key] = item;
      }
    }
  }
  return value;
}
