/** The Background Sync tags the page registers and the service worker answers (issue 24). */
export const OUTBOX_SYNC_TAG = 'cardbook-outbox';
/** Periodic Background Sync of an installed app: pulls so the app opens fresh with no signal. */
export const PERIODIC_PULL_TAG = 'cardbook-pull';
