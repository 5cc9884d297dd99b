import { getProfileEndpoint } from '../api/user';
import { db } from '../db';
import { applyProfile } from '../db/sync-store';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * My profile from the server (src/api/user.ts), kept in IndexedDB where the screens read it.
 * Edits (the avatar too) are not sent from here: they go through the outbox (src/db/outbox.ts).
 */
const silent = { silent: true } as const;

export const profileCalls = {
  /** SPEC §2: the user's info, fetched and written under the pending edits. */
  refresh: async (): Promise<void> => {
    const { data } = await callEndpoint(api, getProfileEndpoint, {}, silent);
    await applyProfile(db, data);
  },
};
