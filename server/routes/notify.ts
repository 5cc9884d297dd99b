import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationResponseSchema,
  notifyListParamsSchema,
  notifyListQuerySchema,
  notifyListResponseSchema,
  notifyOpenBodySchema,
  notifyOpenParamsSchema,
  readNotificationsBodySchema,
  readNotificationsResponseSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import type { Services } from '../services/context';
import { listNotifications, openNotification, readNotifications } from '../services/notifications';

/** Notifications (SPEC §7 Other: notify/list; read_all for SPEC §4 "opening the drawer resets the unread counter"). */
export function notifyRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.get(
      '/api/notify/list/:page',
      {
        schema: {
          params: notifyListParamsSchema,
          querystring: notifyListQuerySchema,
          response: { 200: notifyListResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await listNotifications(services, callerOf(req), req.params.page, req.query)),
    );

    app.post(
      '/api/notify/open/:id',
      {
        schema: {
          params: notifyOpenParamsSchema,
          body: notifyOpenBodySchema,
          response: { 200: notificationResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await openNotification(services, callerOf(req), req.params.id)),
    );

    app.post(
      '/api/notify/read_all',
      {
        schema: { body: readNotificationsBodySchema, response: { 200: readNotificationsResponseSchema } },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await readNotifications(services, callerOf(req), req.body)),
    );
  };
}
