import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { isCardRuleKey } from '../../src/api/card';
import { isFeedbackRuleKey } from '../../src/api/feedback';
import { isTextRuleKey } from '../../src/api/fields';
import { type Locale, localeFromHeader } from '../../src/i18n/langs';
import { type ServerMessageKey, serverText } from '../i18n';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyReply {
    /** Sends the success envelope {code: 200, msg, data}. */
    ok<T>(data: T, msg?: ServerMessageKey): FastifyReply;
    /**
     * The same, `data` already serialised (an answer kept in memory, serialised once when kept):
     * sent as it is, not through the route's response schema again.
     */
    okSerialised(data: string): FastifyReply;
  }
}

type ValidationIssue = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

/** The 400 for the first bad field of a zod validation failure, naming that field. */
function validationError(issues: ValidationIssue[], context: string | undefined): ApiError {
  const issue = issues[0];
  if (!issue) return new ApiError(400, 'malformedBody');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    return new ApiError(400, 'unknownField', { field: keys.join(', ') });
  }
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
  // A rule of the contract that names its own message (my card's fields, feedback).
  if (isCardRuleKey(issue.message) || isFeedbackRuleKey(issue.message) || isTextRuleKey(issue.message)) {
    return new ApiError(400, issue.message, { field });
  }
  if (field === 'password' && issue.keyword === 'too_small') return new ApiError(400, 'passwordTooShort');
  const missing = issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
  return new ApiError(400, missing ? 'requiredField' : 'invalidField', { field });
}

/**
 * The same 400 for input validated outside Fastify's schema step (a sync mutation's args);
 * `context` names the value itself when the issue is at its root.
 */
export function invalidInput(error: z.core.$ZodError, context: string): ApiError {
  const issues = error.issues.map((issue) => ({
    instancePath: `/${issue.path.map(String).join('/')}`,
    keyword: issue.code,
    message: issue.message,
    params: { ...issue },
  }));
  return validationError(issues, context);
}

const statusKey: Record<number, ServerMessageKey> = {
  401: 'loginRequired',
  403: 'forbidden',
  404: 'notFound',
  413: 'tooLarge',
  429: 'rateLimited',
};

/**
 * Makes every answer the SPEC §7 envelope in the caller's language (the `lang` header):
 * successes through `reply.ok`, and every failure (ours, validation, Fastify's own) through
 * one error handler, so no route can leak a bare error or a stack trace.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'hk');
  app.addHook('onRequest', async (request) => {
    const lang = request.headers.lang;
    request.locale = localeFromHeader(Array.isArray(lang) ? lang[0] : lang);
  });
  app.decorateReply('ok', function ok(this: FastifyReply, data: unknown, msg: ServerMessageKey = 'ok') {
    return this.code(200).send({ code: 200, msg: serverText(this.request.locale, msg), data });
  });
  app.decorateReply('okSerialised', function okSerialised(this: FastifyReply, data: string) {
    const msg = JSON.stringify(serverText(this.request.locale, 'ok'));
    return this.code(200).type('application/json; charset=utf-8').send(`{"code":200,"msg":${msg},"data":${data}}`);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale ?? 'hk';
    const send = (status: number, msg: string) => reply.code(status).send({ code: status, msg, data: null });
    if (error instanceof ApiError) return send(error.status, serverText(locale, error.key, error.params));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = validationError(error.validation, error.validationContext);
      return send(400, serverText(locale, refusal.key, refusal.params));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = statusKey[status] ?? 'malformedBody';
      return send(status, serverText(locale, key, { minutes: 1 }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, serverText(locale, 'serverError'));
  });
});

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 404, msg: serverText(request.locale, 'notFound'), data: null });
}

/**
 * Fastify's own refusals before a route is found (a path with a bad percent-encoding, an
 * over-long path parameter), as envelopes too. They come before the onRequest hooks, so the
 * language is read from the header here.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.headers.lang;
  const locale = localeFromHeader(Array.isArray(lang) ? lang[0] : lang);
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send({ code: status, msg: serverText(locale, 'malformedUrl'), data: null });
}
