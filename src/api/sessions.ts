import { z } from 'zod/mini';
import { loginBodySchema, loginTypeSchema, okResponseSchema } from './auth';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { emptyBodySchema, plainQuerySchema } from './meta';

/**
 * My sessions (account management): the devices signed in to my account, and "sign out
 * everywhere else". SPEC §7 names no call; these are ours.
 * - GET  /api/user/sessions                  the live sessions, this one marked
 * - POST /api/user/sessions/sign_out_others  ends every session but this one (their live push connections too)
 */
export const sessionSchema = z.object({
  id: z.int(),
  login_type: loginTypeSchema,
  /** ms since the epoch */
  created_at: z.number(),
  expires_at: z.number(),
  current: z.boolean(),
  /** Read from the User-Agent at sign-in, e.g. "Chrome 126" and "Android 14"; null when unknown or older. */
  browser: z.nullable(z.string()),
  platform: z.nullable(z.string()),
  /** The IANA time zone the app sent at sign-in (TIME_ZONE_HEADER), e.g. "Asia/Hong_Kong": where, roughly. */
  time_zone: z.nullable(z.string()),
  /** The address signed in from, masked: "203.0.113.*". */
  address: z.nullable(z.string()),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionsResponseSchema = envelopeSchema(sessionsSchema);
export const signOutOthersResponseSchema = envelopeSchema(z.object({ signed_out: z.int() }));

/**
 * POST /api/user/delete: deletes my account, after signing in to it again in the body (the
 * account and its password, or a login code sent to it), as POST /api/login takes them.
 */
export const deleteAccountBodySchema = loginBodySchema;
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * The account itself: its sessions, the export of all its data (a file: no envelope, opened by
 * its link, src/api/export.ts) and its deletion.
 */
export const accountEndpoints = {
  sessions: endpoint({
    method: 'GET',
    path: '/api/user/sessions',
    query: plainQuerySchema,
    response: sessionsResponseSchema,
  }),
  signOutOthers: endpoint({
    method: 'POST',
    path: '/api/user/sessions/sign_out_others',
    body: emptyBodySchema,
    response: signOutOthersResponseSchema,
  }),
  export: endpoint({ method: 'GET', path: '/api/user/export', query: plainQuerySchema }),
  delete: endpoint({
    method: 'POST',
    path: '/api/user/delete',
    body: deleteAccountBodySchema,
    response: okResponseSchema,
  }),
};
