import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainQuerySchema } from '../../src/api';
import type { Queryable } from '../db/db';

/** How long /readyz waits for the database before it calls it unreachable. */
const READY_WAIT_MS = 2000;

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean(), broker: z.boolean() });

/**
 * For load balancers: /healthz says the process answers (alive: restart it if not); /readyz says
 * it can serve, its database and its push broker both reachable (send it traffic only then).
 */
export function healthRoutes(db: Queryable, brokerConnected: () => boolean) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // A balancer asks every second or so: its probes are not logged (a 503's cause is in its body).
    app.get('/healthz', { schema: { querystring: plainQuerySchema }, logLevel: 'silent' }, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get(
      '/readyz',
      {
        schema: { querystring: plainQuerySchema, response: { 200: healthSchema, 503: healthSchema } },
        logLevel: 'silent',
      },
      async (_req, reply) => {
        const database = await reachable(db);
        const broker = brokerConnected();
        const ready = database && broker;
        return reply
          .code(ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({ status: ready ? 'ok' : 'unavailable', database, broker });
      },
    );
  };
}

async function reachable(db: Queryable): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_WAIT_MS);
  });
  try {
    return await Promise.race([db.query('select 1').then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
