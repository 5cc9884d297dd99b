import { getProfileEndpoint, profileEndpoints } from '../api/user';
import { db } from '../db';
import { keepAvatar } from '../db/profile';
import { applyProfile } from '../db/sync-store';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * My profile from the server (src/api/user.ts), kept in IndexedDB where the screens read it.
 * Edits are not sent from here: they go through the outbox (src/db/profile.ts).
 */
const silent = { silent: true } as const;

export const profileCalls = {
  /** SPEC §2: the user's info, fetched and written under the pending edits. */
  refresh: async (): Promise<void> => {
    const { data } = await callEndpoint(api, getProfileEndpoint, {}, silent);
    await applyProfile(db, data);
  },
  /** Uploads my avatar (a square JPEG) and keeps its new address on the profile row. */
  uploadAvatar: async (image: Blob): Promise<string> => {
    const form = new FormData();
    form.append('file', image, 'avatar.jpg');
    const { data } = await callEndpoint(api, profileEndpoints.uploadAvatar, { form }, silent);
    await keepAvatar(data.avatar);
    return data.avatar;
  },
};
