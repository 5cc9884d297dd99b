import { useLiveQuery } from 'dexie-react-hooks';
import { displayName } from '../../lib/display-name';
import type { ProfileRow } from '../CardbookDB';
import { db } from '../db';
import { useMyCard } from './card';

/** My profile: undefined while loading, null when signed out. */
export function useProfile(): ProfileRow | null | undefined {
  return useLiveQuery(async () => (await db.profile.get('me')) ?? null, []);
}

/** What the app calls the signed-in user (src/lib/display-name.ts), their card's name included; '' signed out. */
export function useMyName(): string {
  const profile = useProfile();
  const card = useMyCard();
  return profile ? displayName({ ...profile, card: card ?? null }) : '';
}
