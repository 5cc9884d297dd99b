import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { physicalCardEndpoints as calls, PHYSICAL_PROOF_MAX_BYTES, proofFieldsSchema } from '../../src/api';
import { callerOf, optionalCaller, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import type { Services } from '../services/context';
import {
  applyForCard,
  attachProof,
  bindPhysical,
  getMyOrder,
  openPhysical,
  storeProof,
} from '../services/physical-cards';

/** The exclusive NFC card (src/api/physical-card.ts). */
export function physicalCardRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.apply, signedIn, async (req, reply) =>
      reply.ok(await applyForCard(services, callerOf(req), req.body), 'physicalOrdered'),
    );

    serve(app, calls.status, signedIn, async (req, reply) =>
      reply.ok(await getMyOrder(services, callerOf(req), req.params.id)),
    );

    serve(app, calls.proof, signedIn, async (req, reply) => {
      // Refused (413) as soon as it passes the limit, before anything is stored.
      const upload = await readUploadWithFields(req, PHYSICAL_PROOF_MAX_BYTES, /^image\//);
      const fields = proofFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      const caller = callerOf(req);
      const { order_id: orderId, upload_id: uploadId } = fields.data;
      const proof = await storeProof(services, caller, upload.data, uploadId ?? null);
      if (orderId === undefined) return reply.ok({ url: proof }, 'saved');
      return reply.ok(await attachProof(services, caller, { order_id: orderId, proof }), 'orderProofReceived');
    });

    serve(app, calls.bind, signedIn, async (req, reply) =>
      reply.ok(await bindPhysical(services, callerOf(req), req.body), 'physicalBound'),
    );

    serve(app, calls.open, { onRequest: optionalCaller(services) }, async (req, reply) =>
      reply.ok(await openPhysical(services, req.body, req.caller ?? null, req.ip)),
    );
  };
}
