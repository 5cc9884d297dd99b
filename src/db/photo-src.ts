import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { db } from './db';
import { isLocalRef, LOCAL_REF } from './uploads';

/**
 * What an <img> can show for a photo value: a server URL as it is, or for a `local:` reference
 * (a file picked on this device, maybe not uploaded yet) an object URL of its blob.
 */
export function usePhotoSrc(value: string | null | undefined): string | undefined {
  const local = value && isLocalRef(value) ? value.slice(LOCAL_REF.length) : null;
  const blob = useLiveQuery(async () => (local ? (await db.uploads.get(local))?.blob : undefined), [local]);
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  if (!value) return undefined;
  return local ? objectUrl : value;
}
