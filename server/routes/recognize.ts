/**
 * `POST /api/card/ocr_recognize`: the device's recognition (workers/ocr.worker.ts) done on the
 * server, for clients that cannot run it. Signed-in only, rate-limited per user, one image of
 * at most CLOUD_PHOTO_MAX_BYTES (refused with 413 while it streams in, before any work).
 * Served by a pool of OCR_WORKERS tesseract.js worker threads (server/ocr/recognizer.ts),
 * started by the first request (start-up costs a few seconds and ~100 MB a worker; most
 * servers never see a request) and ended when the server closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLOUD_PHOTO_MAX_BYTES, ocrRecognizeFieldsSchema, recognizeEndpoints } from '../../src/api/cloud';
import { callerOf, requireCaller } from '../http/auth';
import { serve } from '../http/endpoint';
import { invalidInput } from '../http/envelope';
import { ApiError } from '../http/errors';
import { readUploadWithFields } from '../http/uploads';
import { createRecognizer, type Recognizer, UnreadableImageError } from '../ocr/recognizer';
import type { Services } from '../services/context';

/** The pool's size from OCR_WORKERS (default 1). */
export function ocrWorkersFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return z.coerce.number().int().min(1).max(32).default(1).parse(env.OCR_WORKERS);
}

/** The lazily started recognizer pool of one server. */
export type OcrPool = {
  /** Whether the pool has been started (a refused request never starts it). */
  started(): boolean;
  recognizer(): Promise<Recognizer>;
  /** Scans waiting and being read (none before the pool starts). */
  load(): { waiting: number; reading: number };
  close(): Promise<void>;
};

export function createOcrPool(workers: number): OcrPool {
  let pool: Promise<Recognizer> | null = null;
  let ready: Recognizer | null = null;
  return {
    started: () => pool !== null,
    load: () => ready?.load() ?? { waiting: 0, reading: 0 },
    recognizer() {
      pool ??= createRecognizer({ workers }).then(
        (recognizer) => {
          ready = recognizer;
          return recognizer;
        },
        (err: unknown) => {
          pool = null;
          throw err;
        },
      );
      return pool;
    },
    async close() {
      const running = pool;
      pool = null;
      ready = null;
      if (running) await (await running.catch(() => null))?.terminate();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ocrPool: OcrPool;
  }
}

/** Not encapsulated (fastify-plugin), so `app.ocrPool` is the server's own. */
export function recognizeRoutes(services: Services, options: { workers: number }) {
  return fp(async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = createOcrPool(options.workers);
    fastify.decorate('ocrPool', pool);
    fastify.addHook('onClose', () => pool.close());

    serve(app, recognizeEndpoints.recognize, { onRequest: requireCaller(services) }, async (req, reply) => {
      const caller = callerOf(req);
      await services.limits.ocrRecognize(caller.userId);
      const upload = await readUploadWithFields(req, CLOUD_PHOTO_MAX_BYTES, /^image\//);
      const fields = ocrRecognizeFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw invalidInput(fields.error, 'fields');
      const recognizer = await pool.recognizer();
      try {
        const { fields: cardFields, lines, ms } = await recognizer.recognize(upload.data, { area: fields.data.area });
        return reply.ok({ fields: cardFields, lines, ms });
      } catch (err) {
        if (err instanceof UnreadableImageError) throw new ApiError(400, 'notImage');
        throw err;
      }
    });
  });
}
