/**
 * JSON with the keys of every object sorted, so that two equal bodies give the same text (the
 * dedupe key) whatever order their keys were written in. Like JSON.stringify it drops undefined
 * properties, uses toJSON, throws on cycles and BigInt, and answers undefined for values JSON
 * cannot hold (a function, undefined).
 */
export function stableStringify(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const source = item as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort()) sorted[key] = source[key];
    return sorted;
  });
}

/**
 * A multipart body's identity for the dedupe key: its entries in order, files by name, size,
 * type and modification time (reading their bytes to compare would cost more than the upload).
 */
export function formDataFingerprint(form: FormData): string {
  const entries = [...form.entries()].map(([name, value]) =>
    typeof value === 'string'
      ? [name, value]
      : [name, { file: value.name, size: value.size, type: value.type, modified: value.lastModified }],
  );
  return JSON.stringify(entries);
}
