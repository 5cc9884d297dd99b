import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindAccountBodySchema,
  type LoginMethod,
  type LoginMethodKind,
  type LoginMethods,
  type ThirdPartyProvider,
} from '../api';
import { loginMethodCalls } from '../clients/account';
import { OnlineNotices, useOnlineResource } from '../components/account/online-resource';
import { PROVIDER_NAMES, startThirdParty } from '../components/auth/ThirdPartyButtons';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  AccountFields,
  type AccountMode,
  type AccountValue,
  accountBody,
  CodeField,
  FormError,
} from '../components/forms';
import { toast } from '../components/toast';
import { useFormSubmit } from '../components/use-form-submit';
import { useOnline } from '../components/use-online';
import '../components/account/account.css';
import { useBusy } from '../components/use-busy';

/**
 * Login methods (src/api/login-methods.ts). /loginMethod lists how I can sign in and removes
 * one (never the last); /loginMethod/addEmail and /addMobile bind another by code. These are
 * account-security calls made online only: the screen says so plainly without a connection.
 */

const KIND_ORDER: LoginMethodKind[] = ['email', 'mobile', 'google', 'facebook'];

export function LoginMethodsPage() {
  const { t } = useTranslation();
  const { load, setData, refresh, online } = useOnlineResource(loginMethodCalls.list);
  const [removing, setRemoving] = useState<LoginMethod | null>(null);
  const { busy, runTold } = useBusy();

  const remove = (method: LoginMethod) => {
    setRemoving(null);
    return runTold(async () => {
      const res = await loginMethodCalls.remove(method.id);
      setData(res.data);
      toast(res.msg || t('auth.methods.removed'), 'success');
    });
  };

  return (
    <main className="page account-page">
      <h1>{t('auth.methods.title')}</h1>
      <p className="muted">{t('auth.methods.intro')}</p>
      <OnlineNotices
        load={load}
        online={online}
        offlineText={t('auth.methods.offline')}
        onRetry={() => void refresh()}
      />
      {load.state === 'ready' ? (
        <MethodList
          data={load.data}
          disabled={busy || !online}
          onRemove={setRemoving}
          onBind={(provider) => void runTold(async () => void (await startThirdParty(provider, 'bind')))}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('auth.methods.removeTitle')}
          body={t('auth.methods.removeBody', { label: removing.label })}
          confirmLabel={t('auth.methods.remove')}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </main>
  );
}

function MethodList(props: {
  data: LoginMethods;
  disabled: boolean;
  onRemove: (method: LoginMethod) => void;
  onBind: (provider: ThirdPartyProvider) => void;
}) {
  const { t } = useTranslation();
  const { methods, providers, password } = props.data;
  const onlyOne = methods.length <= 1;
  const kinds = KIND_ORDER.filter(
    (kind) => kind === 'email' || kind === 'mobile' || providers.includes(kind) || methods.some((m) => m.kind === kind),
  );
  return (
    <>
      <ul className="account-list" data-testid="login-methods">
        {kinds.map((kind) => {
          const bound = methods.filter((m) => m.kind === kind);
          return (
            <li key={kind} className="account-group">
              <h2>{t(`auth.methods.${kind}`)}</h2>
              {bound.length === 0 ? <p className="muted">{t('auth.methods.notAdded')}</p> : null}
              {bound.map((method) => (
                <div key={method.id} className="account-row" data-testid="login-method">
                  <span className="account-label" dir="auto">
                    {method.label}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-inline"
                    disabled={props.disabled || onlyOne}
                    aria-label={`${t('auth.methods.remove')} ${method.label}`}
                    onClick={() => props.onRemove(method)}
                  >
                    {t('auth.methods.remove')}
                  </button>
                </div>
              ))}
              {(kind === 'google' || kind === 'facebook') && bound.length === 0 && providers.includes(kind) ? (
                <button
                  type="button"
                  className="account-add"
                  disabled={props.disabled}
                  onClick={() => props.onBind(kind)}
                >
                  + {t('auth.third.add', { provider: PROVIDER_NAMES[kind] })}
                </button>
              ) : null}
              {kind === 'email' || kind === 'mobile' ? (
                <Link
                  to={kind === 'email' ? '/loginMethod/addEmail' : '/loginMethod/addMobile'}
                  className="account-add"
                >
                  + {kind === 'email' ? t('auth.methods.addEmail') : t('auth.methods.addMobile')}
                </Link>
              ) : null}
            </li>
          );
        })}
        <li className="account-group">
          <h2>{t('auth.methods.password')}</h2>
          <div className="account-row">
            <span className="account-label">
              {password ? t('auth.methods.passwordSet') : t('auth.methods.passwordNotSet')}
            </span>
            <Link to="/resetPwd" className="btn btn-ghost btn-inline">
              {password ? t('auth.methods.changePassword') : t('auth.methods.setPassword')}
            </Link>
          </div>
        </li>
      </ul>
      {onlyOne ? <p className="muted account-hint">{t('auth.methods.onlyOne')}</p> : null}
    </>
  );
}

const EMPTY_ACCOUNT: AccountValue = { area: 'hk', mobile: '', email: '' };

function AddMethodForm({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [code, setCode] = useState('');
  const form = useFormSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(bindAccountBodySchema, { ...accountBody(mode, account), code }, async (valid) => {
      const res = await loginMethodCalls.bind(valid);
      toast(res.msg, 'success');
      await navigate({ to: '/loginMethod' });
    });
  };

  return (
    <main className="page account-page">
      <h1>{mode === 'email' ? t('auth.methods.addEmail') : t('auth.methods.addMobile')}</h1>
      <p className="muted">{t('auth.methods.addIntro')}</p>
      {online ? null : (
        <p className="account-notice" role="status">
          {t('auth.methods.offline')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="form">
        <AccountFields mode={mode} value={account} onChange={setAccount} errors={form.errors} />
        <CodeField
          scene="bind"
          account={accountBody(mode, account)}
          value={code}
          onChange={setCode}
          error={form.errors.code}
          onAccountError={form.setErrors}
        />
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || !online}>
          {t('auth.methods.bind')}
        </button>
        <Link to="/loginMethod" className="btn btn-ghost btn-block">
          {t('app.common.cancel')}
        </Link>
      </form>
    </main>
  );
}

export function AddEmailPage() {
  return <AddMethodForm mode="email" />;
}

export function AddMobilePage() {
  return <AddMethodForm mode="mobile" />;
}
