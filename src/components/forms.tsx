import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { sendVerifyCodeBodySchema, type VerifyScene } from '../api';
import { authCalls } from '../clients/auth';
import { fieldErrors } from '../lib/form-errors';
import { errorText } from '../lib/request/errors';
import { toast } from './toast';
import { useBusy } from './use-busy';

/** A labelled input with its error announced to screen readers. */
/** A field's label, control and the words under it (a hint, an error), tied together for screen readers. */
function FieldFrame(props: {
  label: string;
  error?: string;
  hint?: string;
  trailing?: ReactNode;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="field-row">
        {props.control({
          id,
          ...(props.error ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
        {props.trailing}
      </div>
      {props.hint ? (
        <p id={hintId} className="muted field-hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function Field(
  props: { label: string; error?: string; hint?: string; trailing?: ReactNode } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, error, hint, trailing, ...input } = props;
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      trailing={trailing}
      control={(aria) => <input {...aria} {...input} />}
    />
  );
}

export function TextAreaField(
  props: { label: string; error?: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>,
) {
  const { label, error, hint, ...area } = props;
  return <FieldFrame label={label} error={error} hint={hint} control={(aria) => <textarea {...aria} {...area} />} />;
}

export type AccountMode = 'email' | 'mobile';
export type AccountValue = { area: 'hk' | 'ch'; mobile: string; email: string };

/** The account part of a request: an email, or a mobile number with its area. */
export function accountBody(mode: AccountMode, value: AccountValue): Record<string, string> {
  return mode === 'email' ? { email: value.email.trim() } : { area: value.area, mobile: value.mobile.trim() };
}

/** Email or mobile: which kind of account a form is about. */
export function ModeTabs(props: { mode: AccountMode; onChange: (mode: AccountMode) => void }) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="tablist">
      {(['mobile', 'email'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          role="tab"
          aria-selected={props.mode === mode}
          className={props.mode === mode ? 'active' : ''}
          onClick={() => props.onChange(mode)}
        >
          {mode === 'mobile' ? t('auth.login.byMobile') : t('auth.login.byEmail')}
        </button>
      ))}
    </div>
  );
}

export function AccountFields(props: {
  mode: AccountMode;
  value: AccountValue;
  onChange: (value: AccountValue) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const areaId = useId();
  if (props.mode === 'email') {
    return (
      <Field
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={props.value.email}
        error={props.errors.email}
        onChange={(e) => props.onChange({ ...props.value, email: e.target.value })}
      />
    );
  }
  return (
    <>
      <div className="field">
        <label htmlFor={areaId}>{t('auth.fields.area')}</label>
        <select
          id={areaId}
          value={props.value.area}
          onChange={(e) => props.onChange({ ...props.value, area: e.target.value as 'hk' | 'ch' })}
        >
          <option value="hk">{t('auth.areas.hk')}</option>
          <option value="ch">{t('auth.areas.ch')}</option>
        </select>
      </div>
      <Field
        label={t('auth.fields.mobile')}
        type="tel"
        name="mobile"
        autoComplete="tel-national"
        inputMode="tel"
        value={props.value.mobile}
        error={props.errors.mobile ?? props.errors.area}
        onChange={(e) => props.onChange({ ...props.value, mobile: e.target.value })}
      />
    </>
  );
}

const RESEND_SECONDS = 60;

/** The code field with its "send code" button and a 60 s resend countdown. */
export function CodeField(props: {
  scene: VerifyScene;
  account: Record<string, string>;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  onAccountError: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const { busy: sending, run } = useBusy();
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const body = { ...props.account, scene: props.scene };
    const parsed = sendVerifyCodeBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      props.onAccountError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(v)])));
      return;
    }
    try {
      await run(async () => {
        const res = await authCalls.sendVerifyCode(parsed.data);
        toast(res.msg, 'success');
        setWait(RESEND_SECONDS);
      });
    } catch (err) {
      toast(errorText(err), 'error');
    }
  };

  return (
    <Field
      label={t('auth.fields.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
      trailing={
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          disabled={sending || wait > 0}
          onClick={() => void send()}
        >
          {wait > 0 ? t('auth.fields.resend', { seconds: wait }) : t('auth.fields.sendCode')}
        </button>
      }
    />
  );
}

/** A form's own error (not one field's), announced. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
