import { ensureSyncClient } from '../browser/sync-client';
import { profileCalls } from '../clients/profile';

/** SPEC §2: on load with a session, the user's info is fetched and written under pending edits. */
export async function refreshProfile(): Promise<void> {
  try {
    await profileCalls.refresh();
    ensureSyncClient().poke();
  } catch {
    // Offline or signed out meanwhile: the sync worker's next pull brings it.
  }
}
