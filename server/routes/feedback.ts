import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  feedbackBodySchema,
  feedbackImageResponseSchema,
  feedbackResponseSchema,
  feedbackUploadFieldsSchema,
} from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import type { Services } from '../services/context';
import { sendFeedback, uploadFeedbackImage } from '../services/feedback';

export function feedbackRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireCaller(services);

    app.post(
      '/api/feedback/image',
      { schema: { response: { 200: feedbackImageResponseSchema } }, onRequest: signedIn },
      async (req, reply) => {
        // Refused (413) as soon as it passes 12 MB, before anything is stored.
        const upload = await readUploadWithFields(req, FEEDBACK_IMAGE_MAX_BYTES, /^image\//);
        const fields = feedbackUploadFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw invalidInput(fields.error, 'fields');
        const uploadId = fields.data.upload_id ?? null;
        return reply.ok(await uploadFeedbackImage(services, callerOf(req), upload.data, uploadId), 'saved');
      },
    );

    app.post(
      '/api/feedback',
      { schema: { body: feedbackBodySchema, response: { 200: feedbackResponseSchema } }, onRequest: signedIn },
      async (req, reply) => reply.ok(await sendFeedback(services, callerOf(req), req.body), 'feedbackSent'),
    );
  };
}
