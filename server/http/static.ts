import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite's output under /assets/ is named by content hash: a URL there never changes content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, version.json, the manifest, icons) is revalidated. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app at /: the `.br`/`.gz` files scripts/compress.ts wrote beside each
 * file are sent when the browser accepts them (br, then gzip, then the file itself, with
 * `Vary: Accept-Encoding`), and hashed assets are cached for good. Returns false, serving
 * nothing, when `dir` holds no index.html (an API-only server).
 */
export async function registerStaticApp(app: FastifyInstance, dir: string | null): Promise<boolean> {
  if (!dir) return false;
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return false;
  const assets = `${join(root, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    // `path` is the file actually sent (maybe its .br or .gz).
    setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  });
  return true;
}

/** The SPA fallback: a page route the server does not know is the app's shell. */
export function sendShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}
