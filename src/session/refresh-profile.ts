import { profileResponseSchema } from '../api';
import { api } from '../clients/api';
import { db } from '../db';
import { applyProfile } from '../db/sync-store';
import { ensureSyncClient } from '../lib/sync-client';

/** SPEC §2: on load with a session, the user's info is fetched and written under pending edits. */
export async function refreshProfile(): Promise<void> {
  try {
    const res = await api.get('/api/user/getProfile', { schema: profileResponseSchema, silent: true });
    await applyProfile(db, res.data);
    ensureSyncClient().poke();
  } catch {
    // Offline or signed out meanwhile: the sync worker's next pull brings it.
  }
}
