import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/**
 * The deepest JSON body any route takes. The deepest real one is a sync push (body, mutations,
 * one mutation, its args, a card, an entry list, an entry: 7 levels); 64 leaves ample room for
 * what the contract may grow to, while a body nested thousands deep (which overflows the stack
 * of whatever walks it next: the proto-poisoning scan, zod) is refused before any of that.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` nests objects and arrays deeper than `max`, read in one pass without parsing. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The one JSON body parser of every route: Fastify's own (with its __proto__ refusal), after the
 * nesting check. A refusal goes through the envelope's error handler, in the caller's language.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new ApiError(400, 'nestedTooDeep', { max: MAX_JSON_DEPTH }));
        return;
      }
      parse(request, text, done);
    },
  );
}
