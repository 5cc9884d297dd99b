import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { loginBodySchema, modifyPwdBodySchema, registerBodySchema, resetPwdBodySchema } from '../api';
import { authCalls } from '../clients/auth';
import { Avatar } from '../components/Avatar';
import { ThirdPartyButtons } from '../components/auth/ThirdPartyButtons';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  AccountFields,
  type AccountMode,
  type AccountValue,
  accountBody,
  CodeField,
  Field,
  FormError,
  ModeTabs,
} from '../components/forms';
import { toast } from '../components/toast';
import { type Errors, useFormSubmit } from '../components/use-form-submit';
import { usePendingCount } from '../db/hooks/outbox';
import { useMyName, useProfile } from '../db/hooks/profile';
import { useSession } from '../db/hooks/session';
import { DEFAULT_AFTER_SIGN_IN, rememberRequestedReturnPath, takeReturnPath } from '../session/return-path';
import { signOut } from '../session/session';
import { useSignedIn } from '../session/signed-in';
import { useAfterSignIn, useOpenReturnPath } from '../session/use-after-sign-in';

function AuthScreen(props: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-screen">
      <h1>{props.title}</h1>
      {props.children}
      {props.footer ? <div className="auth-footer">{props.footer}</div> : null}
    </main>
  );
}

/**
 * A sign-in or sign-up screen opened by a signed-in user: who is signed in, "Continue" (on to
 * where they were going) or "Switch account" (the screen's own form, to sign in as another).
 * A `?redirect=` in the address (a signed-in route sent them, router.tsx) is remembered either way.
 */
function useSignInScreen(): { showForm: boolean; choice: ReactNode } {
  const signedIn = useSignedIn();
  const [switching, setSwitching] = useState(false);
  useEffect(() => {
    rememberRequestedReturnPath(location.search);
  }, []);
  const showForm = !signedIn || switching;
  return { showForm, choice: showForm ? null : <SignedInChoice onSwitch={() => setSwitching(true)} /> };
}

function SignedInChoice({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const open = useOpenReturnPath();
  const name = useMyName();
  return (
    <AuthScreen title={t('auth.signedIn.title')}>
      <div className="signed-in-as" data-testid="signed-in-as">
        <Avatar src={profile?.avatar} name={name} size={56} />
        <p>{t('auth.signedIn.as', { name })}</p>
      </div>
      <div className="auth-choices">
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void open(takeReturnPath() ?? DEFAULT_AFTER_SIGN_IN)}
        >
          {t('auth.signedIn.continue')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onSwitch}>
          {t('auth.signedIn.switch')}
        </button>
      </div>
    </AuthScreen>
  );
}

const EMPTY_ACCOUNT: AccountValue = { area: 'hk', mobile: '', email: '' };

function LoginForm({ withCode }: { withCode: boolean }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AccountMode>('email');
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useFormSubmit();
  const afterSignIn = useAfterSignIn();
  const screen = useSignInScreen();
  const body = { ...accountBody(mode, account), ...(withCode ? { code } : { password }) };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(loginBodySchema, body, async (valid) => {
      const res = await authCalls.login(valid);
      await afterSignIn(res.data, res.msg);
    });
  };

  if (!screen.showForm) return screen.choice;
  return (
    <AuthScreen
      title={t('auth.login.title')}
      footer={
        <>
          <Link to={withCode ? '/login' : '/loginCode'}>
            {withCode ? t('auth.login.byPassword') : t('auth.login.byCode')}
          </Link>
          <Link to="/resetPassword">{t('auth.login.forgot')}</Link>
          <Link to="/register">{t('auth.login.noAccount')}</Link>
        </>
      }
    >
      <ModeTabs mode={mode} onChange={setMode} />
      <form onSubmit={onSubmit} noValidate className="form">
        <AccountFields mode={mode} value={account} onChange={setAccount} errors={form.errors} />
        {withCode ? (
          <CodeField
            scene="login"
            account={accountBody(mode, account)}
            value={code}
            onChange={setCode}
            error={form.errors.code}
            onAccountError={form.setErrors}
          />
        ) : (
          <Field
            label={t('auth.fields.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            error={form.errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {t('auth.login.submit')}
        </button>
      </form>
      <ThirdPartyButtons />
    </AuthScreen>
  );
}

export function LoginPage() {
  return <LoginForm withCode={false} />;
}

export function LoginCodePage() {
  return <LoginForm withCode />;
}

/** New password twice: the pair must match (SPEC §5) before the schema check. */
function PasswordPair(props: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  errors: Errors;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={props.label ?? t('auth.fields.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={props.password}
        error={props.errors.password}
        onChange={(e) => props.onPassword(e.target.value)}
      />
      <Field
        label={t('auth.fields.passwordConfirm')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={props.confirm}
        error={props.errors.confirm}
        onChange={(e) => props.onConfirm(e.target.value)}
      />
    </>
  );
}

/**
 * The account + code + new password form, shared by registration and password reset: same
 * fields, same checks (the pair must match, then the server's schema), different call.
 */
function CodePasswordForm<S extends z.ZodMiniType>(props: {
  mode: AccountMode;
  scene: 'register' | 'reset';
  title: string;
  footer?: ReactNode;
  /** Sign-up screens also offer Google and Facebook. */
  thirdParty?: boolean;
  passwordLabel?: string;
  submitLabel: string;
  schema: S;
  send: (valid: z.output<S>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      form.setErrors({ confirm: t('auth.errors.passwordMismatch') });
      return;
    }
    void form.submit(props.schema, { ...accountBody(props.mode, account), code, password }, props.send);
  };

  return (
    <AuthScreen title={props.title} footer={props.footer}>
      <form onSubmit={onSubmit} noValidate className="form">
        <AccountFields mode={props.mode} value={account} onChange={setAccount} errors={form.errors} />
        <CodeField
          scene={props.scene}
          account={accountBody(props.mode, account)}
          value={code}
          onChange={setCode}
          error={form.errors.code}
          onAccountError={form.setErrors}
        />
        <PasswordPair
          label={props.passwordLabel}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {props.submitLabel}
        </button>
      </form>
      {props.thirdParty ? <ThirdPartyButtons /> : null}
    </AuthScreen>
  );
}

function RegisterForm({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const screen = useSignInScreen();
  if (!screen.showForm) return screen.choice;
  return (
    <CodePasswordForm
      mode={mode}
      scene="register"
      thirdParty
      title={mode === 'email' ? t('auth.register.titleEmail') : t('auth.register.title')}
      submitLabel={t('auth.register.submit')}
      schema={registerBodySchema}
      send={async (valid) => {
        const res = await authCalls.register(valid);
        await afterSignIn(res.data, res.msg);
      }}
      footer={
        <>
          <Link to={mode === 'email' ? '/register' : '/registerMail'}>
            {mode === 'email' ? t('auth.register.withMobile') : t('auth.register.withEmail')}
          </Link>
          <Link to="/login">{t('auth.register.haveAccount')}</Link>
        </>
      }
    />
  );
}

export function RegisterPage() {
  return <RegisterForm mode="mobile" />;
}

export function RegisterMailPage() {
  return <RegisterForm mode="email" />;
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('auth.reset.title')}>
      <p className="lead">{t('auth.reset.choose')}</p>
      <div className="choice-list">
        <Link to="/resetPasswordFromMobile" className="choice">
          {t('auth.reset.byMobile')}
        </Link>
        <Link to="/resetPasswordEmail" className="choice">
          {t('auth.reset.byEmail')}
        </Link>
      </div>
    </AuthScreen>
  );
}

function ResetForm({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CodePasswordForm
      mode={mode}
      scene="reset"
      title={t('auth.reset.title')}
      passwordLabel={t('auth.fields.newPassword')}
      submitLabel={t('auth.reset.submit')}
      schema={resetPwdBodySchema}
      send={async (valid) => {
        await authCalls.resetPassword(valid);
        await signOut();
        toast(t('auth.reset.done'), 'success');
        await navigate({ to: '/login' });
      }}
    />
  );
}

export function ResetPasswordMobilePage() {
  return <ResetForm mode="mobile" />;
}

export function ResetPasswordEmailPage() {
  return <ResetForm mode="email" />;
}

/** /resetPwd: change the password when signed in (or set the first one). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormSubmit();
  if (session === null) {
    void navigate({ to: '/login' });
    return null;
  }
  const hasPassword = profile ? !profile.tipEditPassword : true;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      form.setErrors({ confirm: t('auth.errors.passwordMismatch') });
      return;
    }
    const body = hasPassword ? { old_password: old, password } : { password };
    void form.submit(modifyPwdBodySchema, body, async (valid) => {
      await authCalls.changePassword(valid);
      toast(t('auth.changePassword.done'), 'success');
      await navigate({ to: '/userHome' });
    });
  };

  return (
    <AuthScreen title={hasPassword ? t('auth.changePassword.title') : t('auth.changePassword.setTitle')}>
      <form onSubmit={onSubmit} noValidate className="form">
        {hasPassword ? (
          <Field
            label={t('auth.fields.oldPassword')}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={old}
            error={form.errors.old_password}
            onChange={(e) => setOld(e.target.value)}
          />
        ) : null}
        <PasswordPair
          label={t('auth.fields.newPassword')}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {t('auth.changePassword.submit')}
        </button>
      </form>
    </AuthScreen>
  );
}

/** /logout: ends the session; unsynced changes would be lost, so ask first when there are any. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingCount();
  const [confirmed, setConfirmed] = useState(false);
  const [started, setStarted] = useState(false);

  const run = async () => {
    setStarted(true);
    await authCalls.logout();
    await signOut();
    toast(t('auth.logout.done'), 'success');
    await navigate({ to: '/' });
  };

  if (!started && (pending === 0 || confirmed)) void run();
  return (
    <main className="status-page">
      <p>{t('auth.logout.working')}</p>
      {!started && pending > 0 && !confirmed ? (
        <ConfirmDialog
          title={t('app.nav.quit')}
          body={t('auth.logout.pending', { count: pending })}
          confirmLabel={t('auth.logout.confirm')}
          cancelLabel={t('auth.logout.stay')}
          onConfirm={() => setConfirmed(true)}
          onCancel={() => void navigate({ to: '/userHome' })}
        />
      ) : null}
    </main>
  );
}
