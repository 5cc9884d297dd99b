/** The zod checks at both ends of a call: the body before it leaves, the answer when it comes. */
import { z } from 'zod/mini';
import { type Envelope, envelopeSchema } from '../../api/envelope';
import { RequestError } from './errors';
import type { Translate } from './messages';

export const anyEnvelopeSchema = envelopeSchema(z.unknown());

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let node = value;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** The body as its schema outputs it, or a validation error naming the first bad field. */
export function checkBody<S extends z.ZodMiniType>(schema: S, body: unknown, t: Translate): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String) ?? [];
  const fail = (field: string, message: string) =>
    new RequestError('validation', message, { field, cause: result.error });
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => [...path, key].join('.'));
    throw fail(keys[0] ?? 'body', t('unknownField', { field: keys.join(', ') }));
  }
  const field = path.join('.') || 'body';
  if (issue?.code === 'too_small' && path.at(-1) === 'password') {
    throw fail(field, t('passwordTooShort', { min: Number(issue.minimum) }));
  }
  const missing = issue !== undefined && valueAt(body, issue.path) === undefined;
  throw fail(field, t(missing ? 'requiredField' : 'invalidField', { field }));
}

/**
 * The envelope of a 2xx answer. Not JSON, not an envelope, or (code 200) data not matching
 * `schema`: the server-abnormal failure. Any other envelope code: an `api` error with its msg.
 */
export function readEnvelope<S extends z.ZodMiniType<Envelope<unknown>>>(
  text: string,
  status: number,
  schema: S | undefined,
  t: Translate,
): z.output<S> | Envelope<unknown> {
  const abnormal = (cause: unknown) => new RequestError('setup', t('serverAbnormal'), { status, cause });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw abnormal(err);
  }
  const envelope = anyEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw abnormal(envelope.error);
  const { code, msg } = envelope.data;
  if (code !== 200) throw new RequestError('api', msg, { status, code, serverMessage: msg });
  if (!schema) return envelope.data;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw abnormal(parsed.error);
  return parsed.data;
}

/** The envelope msg of a failed answer, when it has one (the server's own reason). */
export function envelopeMessage(text: string): { code: number; msg: string } | undefined {
  try {
    const envelope = anyEnvelopeSchema.safeParse(JSON.parse(text));
    return envelope.success ? { code: envelope.data.code, msg: envelope.data.msg } : undefined;
  } catch {
    return undefined;
  }
}
