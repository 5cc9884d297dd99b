import type { z } from 'zod/mini';
import type { Envelope } from './envelope';

/**
 * One call of /api/* as both sides know it: its method, its path (Fastify's `:name` for path
 * parameters) and the schemas of what it takes and answers. The server registers each endpoint
 * from its definition (server/http/endpoint.ts) and the app calls it through one typed client
 * (src/lib/request/endpoint-call.ts), so a path or a schema is written once.
 *
 * `upload` endpoints take one multipart file (read and limited by the server's route); their
 * `body` is absent. A download (a vCard, the data export) has no `response`: it is a file, which
 * the app opens by its link rather than through the request client.
 */
export type Endpoint = {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  upload?: true;
  /** Identical calls are each meant (several uploads at once, a clock read): never deduplicated. */
  concurrent?: true;
  response?: z.ZodMiniType<Envelope<unknown>>;
};

/** An endpoint answering the JSON envelope (every one but downloads). */
export type JsonEndpoint = Endpoint & { response: z.ZodMiniType<Envelope<unknown>> };

/** Keeps the literal types of a definition (the path and every schema) for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The data an endpoint answers (the envelope's `data`). */
export type EndpointData<E extends JsonEndpoint> = z.output<E['response']>['data'];

type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodMiniType
  ? Record<string, never> extends z.input<E[K]>
    ? { [P in K]?: z.input<E[K]> }
    : { [P in K]: z.input<E[K]> }
  : { [P in K]?: undefined };

/** What a call sends: its path parameters, query and body, each only where the endpoint has one. */
export type EndpointInput<E extends Endpoint> = Part<E, 'params'> &
  Part<E, 'query'> &
  Part<E, 'body'> &
  (E['upload'] extends true ? { form: FormData } : { form?: undefined });

/** The path with its `:name` parameters filled in (each encoded as one path segment). */
export function endpointPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
