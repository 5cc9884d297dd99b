import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { fieldErrors } from '../lib/form-errors';
import { errorText, isCancelled } from '../lib/request/errors';
import { useBusy } from './use-busy';

export type Errors = Record<string, string | undefined>;

/**
 * A form's submit: the client-side check with the server's own schema (each field's message in
 * the user's language), then the call; a failure is the form's error, told in words.
 */
export function useFormSubmit() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useBusy();
  const [formError, setFormError] = useState<string | null>(null);

  async function submit<S extends z.ZodMiniType>(
    schema: S,
    body: unknown,
    send: (valid: z.output<S>) => Promise<void>,
  ) {
    setFormError(null);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, t(v)])));
      return;
    }
    setErrors({});
    try {
      await run(() => send(parsed.data));
    } catch (err) {
      if (!isCancelled(err)) setFormError(errorText(err));
    }
  }
  return { errors, setErrors, busy, formError, setFormError, submit };
}
