import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy every answer carries (pages, API, static files, blobs). Scripts
 * only from our origin, never inline; the exceptions are the ones shipped features need:
 * - frame-src: the YouTube (privacy-enhanced host) and Facebook players of video blocks;
 * - media-src / connect-src https: an .m3u8 video block may live on any https host (hls.js
 *   fetches it, Safari plays it natively), and hls.js plays through a `blob:` MediaSource;
 * - img-src blob: data:: photos picked offline are shown from IndexedDB blobs, QR codes are data URLs;
 * - 'wasm-unsafe-eval' and worker-src blob:: tesseract.js (WebAssembly in a blob worker);
 * - connect-src: the external MQTT websocket (MQTT_WS_URL) when there is one, and blob: for a
 *   company PDF picked offline, which pdf.js reads from its IndexedDB blob;
 * - form-action: on the authorisation server's answers (/oauth), the origins of the registered
 *   apps' redirect URIs, where its form_post answer and its sign-out form send the browser.
 * Styles: only our stylesheets; React's style={} props are set through the CSSOM, which CSP allows.
 */
export function contentSecurityPolicy(
  extraConnect: readonly string[] = [],
  extraFormAction: readonly string[] = [],
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'connect-src': ["'self'", 'blob:', 'https:', ...extraConnect],
    'font-src': ["'self'"],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://www.facebook.com'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...extraFormAction],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A year; sent only on answers that came over TLS, as browsers ignore it on plain http anyway. */
const HSTS = 'max-age=31536000';

/**
 * Sets the security headers on one answer. `request.protocol` is https when the connection is
 * TLS, or when TRUST_PROXY is on and the proxy says X-Forwarded-Proto: https. An answer written
 * past Fastify (a hijacked reply: the authorisation server's) takes them with `carryHeadersToRaw`.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, csp: string): void {
  reply.header('content-security-policy', csp);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'same-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * Copies the headers set on a reply so far (the security headers above) onto its raw answer, for
 * a handler that answers past Fastify after `reply.hijack()`.
 */
export function carryHeadersToRaw(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, typeof value === 'number' ? String(value) : value);
  }
}
