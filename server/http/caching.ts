import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** JSON answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, weak or strong alike). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * HTTP caching of the API's answers (issue 23 item 30), on every route:
 * - a signed-in caller's answer is `Cache-Control: private, no-store` unless its route says
 *   otherwise, so no shared cache or shared phone keeps one user's data;
 * - a successful GET answered from memory (JSON, a vCard) gets a strong ETag, and a GET whose
 *   If-None-Match names it is answered 304 with no body (static files and blobs have their own);
 * - JSON over COMPRESS_THRESHOLD is compressed (brotli at quality 4, or gzip) for a client that
 *   accepts it, with `Vary: Accept-Encoding`. The built app's files are compressed ahead of
 *   time (scripts/compress.ts) and sent as they are.
 * The ETag is of the uncompressed answer, so it is registered before the compression.
 */
export async function registerCaching(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.caller && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
  });
}
