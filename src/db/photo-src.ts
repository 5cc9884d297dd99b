import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { db } from './db';
import { LOCAL_REF, localRefs, replaceRefs } from './uploads';

const NO_REFS: string[] = [];

/**
 * `value` as a screen can show it: each `local:` reference in it, however deep (a file picked on
 * this device, maybe not uploaded yet: a card photo, an avatar, a company block's image or PDF),
 * replaced by an object URL of its blob, revoked when no longer shown. Undefined while the blobs
 * are read; a reference whose file is gone becomes ''.
 */
export function useShownFiles<T>(value: T): T | undefined {
  const found = [...new Set(localRefs(value))];
  const key = found.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the references
  const refs = useMemo(() => (found.length > 0 ? found : NO_REFS), [key]);
  // Each blob with the reference it was read for: a result of the references before is never shown for these.
  const read = useLiveQuery(async () => {
    // No reference (a server URL, every row of a long list): no read, and nothing to watch.
    if (refs.length === 0) return [];
    const rows = await db.uploads.bulkGet(refs.map((ref) => ref.slice(LOCAL_REF.length)));
    return refs.map((ref, i) => [ref, rows[i]?.blob] as const);
  }, [refs]);
  const urls = useMemo(() => new Map(read?.map(([ref, blob]) => [ref, blob ? URL.createObjectURL(blob) : ''])), [read]);
  useEffect(
    () => () => {
      for (const url of urls.values()) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return useMemo(() => {
    if (refs.length === 0) return value;
    return refs.every((ref) => urls.has(ref)) ? (replaceRefs(value, urls) as T) : undefined;
  }, [value, refs, urls]);
}

/** What an <img> can show for a photo value: a server URL as it is, a `local:` reference as its blob's object URL. */
export function usePhotoSrc(value: string | null | undefined): string | undefined {
  return useShownFiles(value ?? '') || undefined;
}
