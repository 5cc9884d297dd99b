import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackEndpoints as calls, FEEDBACK_IMAGE_MAX_BYTES, feedbackUploadFieldsSchema } from '../../src/api';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { readUploadWithFields } from '../http/uploads';
import type { Services } from '../services/context';
import { sendFeedback, uploadFeedbackImage } from '../services/feedback';

/** Feedback (src/api/feedback.ts): its images, then the message. */
export function feedbackRoutes(services: Services) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: requireCaller(services) };

    serve(app, calls.image, signedIn, async (req, reply) => {
      // Refused (413) as soon as it passes 12 MB, before anything is stored.
      const upload = await readUploadWithFields(req, FEEDBACK_IMAGE_MAX_BYTES, /^image\//);
      const fields = feedbackUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      const uploadId = fields.data.upload_id ?? null;
      return reply.ok(await uploadFeedbackImage(services, callerOf(req), upload.data, uploadId), 'saved');
    });

    serve(app, calls.send, signedIn, async (req, reply) =>
      reply.ok(await sendFeedback(services, callerOf(req), req.body), 'feedbackSent'),
    );
  };
}
