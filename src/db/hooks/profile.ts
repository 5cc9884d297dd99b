import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { displayName } from '../../lib/display-name';
import type { ProfileRow } from '../CardbookDB';
import { db } from '../db';
import { usePhotoSrc } from '../photo-src';
import { useMyCard } from './card';

/** My profile: undefined while loading, null when signed out. */
export function useProfile(): ProfileRow | null | undefined {
  return useLiveQuery(async () => (await db.profile.get('me')) ?? null, []);
}

/**
 * My profile as screens show it: an avatar picked on this device (a `local:` reference, maybe
 * not uploaded yet) as an object URL of its blob. Only for showing: edits start from useProfile.
 */
export function useShownProfile(): ProfileRow | null | undefined {
  const profile = useProfile();
  const avatar = usePhotoSrc(profile?.avatar);
  return useMemo(() => (profile ? { ...profile, avatar: avatar ?? '' } : profile), [profile, avatar]);
}

/** What the app calls the signed-in user (src/lib/display-name.ts), their card's name included; '' signed out. */
export function useMyName(): string {
  const profile = useProfile();
  const card = useMyCard();
  return profile ? displayName({ ...profile, card: card ?? null }) : '';
}
