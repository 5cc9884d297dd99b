import { type Notification, notificationsEndpoints } from '../api/friends';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * The notifications' calls (src/api/friends.ts). The list and marking them read travel by sync
 * (the pull and the 'readNotifications' change); only opening one asks the server directly.
 */
export const notificationCalls = {
  /**
   * Opening a notification: the server marks it read and answers it as it stands now, its card
   * looked up by who it is from. Errors are thrown for the caller (silent here).
   */
  open: async (id: number): Promise<Notification> =>
    (await callEndpoint(api, notificationsEndpoints.open, { params: { id }, body: {} }, { silent: true })).data,
};
