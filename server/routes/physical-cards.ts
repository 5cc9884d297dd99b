import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardApplyBodySchema,
  orderIdParamsSchema,
  PHYSICAL_PROOF_MAX_BYTES,
  physicalLinkBodySchema,
  physicalOpenResponseSchema,
  physicalOrderResponseSchema,
  plainQuerySchema,
  proofFieldsSchema,
} from '../../src/api';
import { callerOf, optionalCaller, requireCaller } from '../http/auth';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import type { Services } from '../services/context';
import { applyForCard, bindPhysical, getMyOrder, openPhysical, uploadProof } from '../services/physical-cards';

/** The exclusive NFC card (src/api/physical-card.ts). */
export function physicalCardRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.post(
      '/api/card/card_apply',
      { schema: { body: cardApplyBodySchema, response: { 200: physicalOrderResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await applyForCard(services, callerOf(req), req.body), 'physicalOrdered'),
    );

    app.get(
      '/api/card/physical_status/:id',
      {
        schema: {
          params: orderIdParamsSchema,
          querystring: plainQuerySchema,
          response: { 200: physicalOrderResponseSchema },
        },
        onRequest: signedIn,
      },
      async (req, reply) => reply.ok(await getMyOrder(services, callerOf(req), req.params.id)),
    );

    app.post(
      '/api/card/physical_proof',
      { schema: { response: { 200: physicalOrderResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        // Refused (413) as soon as it passes the limit, before anything is stored.
        const upload = await readUploadWithFields(req, PHYSICAL_PROOF_MAX_BYTES, /^image\//);
        const fields = proofFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw invalidInput(fields.error, 'fields');
        const order = await uploadProof(services, callerOf(req), fields.data.order_id, upload.data);
        return reply.ok(order, 'orderProofReceived');
      },
    );

    app.post(
      '/api/card/bindPhysical',
      { schema: { body: physicalLinkBodySchema, response: { 200: physicalOrderResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await bindPhysical(services, callerOf(req), req.body), 'physicalBound'),
    );

    app.post(
      '/api/card/physical_open',
      {
        schema: { body: physicalLinkBodySchema, response: { 200: physicalOpenResponseSchema } },
        onRequest: optionalCaller(services),
      },
      async (req, reply) => reply.ok(await openPhysical(services, req.body, req.caller ?? null, req.ip)),
    );
  };
}
