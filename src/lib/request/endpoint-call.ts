import type { z } from 'zod/mini';
import { type EndpointInput, endpointPath, type JsonEndpoint } from '../../api/endpoint';
import type { CallOptions, QueryParams, RequestClient } from './client';

/**
 * Calls a contract endpoint (src/api/endpoint.ts) through the request client: the path filled
 * from its parameters, the query, the body checked by the endpoint's own schema before it is
 * sent, and the answer read with its response schema. Feature clients are written with it.
 */
export function callEndpoint<E extends JsonEndpoint>(
  client: RequestClient,
  definition: E,
  input: EndpointInput<E>,
  options: CallOptions<E['response']> = {},
): Promise<z.output<E['response']>> {
  type Answer = Promise<z.output<E['response']>>;
  const url = endpointPath(definition.path, input.params as Record<string, unknown> | undefined);
  const withSchema = { ...options, schema: definition.response, concurrent: definition.concurrent === true };
  if (definition.upload) {
    if (!input.form) throw new Error(`${definition.path} needs a form`);
    return client.upload(url, input.form, withSchema) as Answer;
  }
  if (definition.method === 'GET')
    return client.get(url, { ...withSchema, params: input.query as QueryParams }) as Answer;
  return client.post(url, input.body, { ...withSchema, bodySchema: definition.body }) as Answer;
}
