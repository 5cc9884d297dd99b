import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import type { Endpoint } from '../../src/api/endpoint';

export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

/** Fastify's route schema of a contract endpoint. */
export type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['response'] extends z.ZodMiniType ? { 200: E['response'] } : undefined;
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its endpoint: its guard, its body limit and the like, never its schema. */
export type EndpointOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers a contract endpoint (src/api/endpoint.ts): its method, path and schemas come from the
 * contract, so the route cannot drift from what the app's client sends and reads.
 */
export function serve<E extends Endpoint>(
  app: ApiApp,
  definition: E,
  options: EndpointOptions,
  handler: EndpointHandler<E>,
): void {
  const schema: Record<string, unknown> = {};
  if (definition.response) schema.response = { 200: definition.response };
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body) schema.body = definition.body;
  app.route({ ...options, method: definition.method, url: definition.path, schema, handler } as Parameters<
    ApiApp['route']
  >[0]);
}
