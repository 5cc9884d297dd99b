import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationsEndpoints as calls } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import type { Services } from '../services/context';
import { listNotifications, openNotification, readNotifications } from '../services/notifications';

/** Notifications (SPEC §7 Other: notify/list; read_all for SPEC §4 "opening the drawer resets the unread counter"). */
export function notifyRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.list, signedIn, async (req, reply) =>
      reply.ok(await listNotifications(services, callerOf(req), req.params.page, req.query)),
    );
    serve(app, calls.open, signedIn, async (req, reply) =>
      reply.ok(await openNotification(services, callerOf(req), req.params.id)),
    );
    serve(app, calls.readAll, signedIn, async (req, reply) =>
      reply.ok(await readNotifications(services, callerOf(req), req.body)),
    );
  };
}
