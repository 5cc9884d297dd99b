import { useLiveQuery } from 'dexie-react-hooks';
import { NOTIFY_UNREAD } from '../../api';
import type { NotificationRow } from '../CardbookDB';
import { db } from '../db';

/** The screens' reads of my notifications (the `notifications` table). */

/** My notifications, newest first: undefined while loading. */
export function useNotifications(): NotificationRow[] | undefined {
  return useLiveQuery(() => db.notifications.orderBy('time').reverse().toArray(), []);
}

/** How many of my notifications are unread (the badge). */
export function useUnreadCount(): number {
  return useLiveQuery(() => db.notifications.where('status_user').equals(NOTIFY_UNREAD).count(), []) ?? 0;
}
