import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Associate, type Associates, associateBodySchema, ownCodeAccount } from '../api';
import { associateCalls } from '../clients/account';
import { Avatar } from '../components/Avatar';
import { AuthorizedApps } from '../components/account/AuthorizedApps';
import { DeleteAccount } from '../components/account/DeleteAccount';
import { ExportData } from '../components/account/ExportData';
import { OnlineNotices, useOnlineResource } from '../components/account/online-resource';
import { Sessions } from '../components/account/Sessions';
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
import { ChevronIcon } from '../components/icons';
import { toast } from '../components/toast';
import { useFormSubmit } from '../components/use-form-submit';
import { useMyName, useProfile, useShownProfile } from '../db/hooks/profile';
import { formatMobile } from '../lib/phone';
import { signIn } from '../session/session';
import '../components/account/account.css';
import { useBusy } from '../components/use-busy';

/**
 * /accountManagement: who I am signed in as, my profile, password and login methods, and my
 * linked accounts (src/api/associates.ts): link one by signing in to it once, switch to it, or
 * unlink it. Each account keeps its own local database (src/db/db-name.ts), so a switch loads
 * the app again on the other account's rows and outbox.
 */
export function AccountManagementPage() {
  const { t } = useTranslation();
  const profile = useShownProfile();
  const myName = useMyName();
  const contact = profile?.email ?? profile?.mobile ?? '';
  return (
    <main className="page account-page">
      <h1>{t('auth.accounts.title')}</h1>
      <section className="account-group account-me" aria-label={t('auth.accounts.signedInAs')}>
        <Avatar src={profile?.avatar} name={myName} size={48} />
        <div>
          <div className="account-label" data-testid="account-name">
            {myName}
          </div>
          <div className="muted">{contact}</div>
        </div>
      </section>
      <ul className="account-links">
        <li>
          <Link to="/myProfile">
            <span>{t('auth.accounts.profile')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/loginMethod">
            <span>{t('auth.accounts.loginMethods')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/resetPwd">
            <span>{t('auth.accounts.password')}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
      <LinkedAccounts />
      <AuthorizedApps />
      <Sessions />
      <ExportData />
      <DeleteAccount />
      <Link to="/logout" className="btn btn-ghost btn-block">
        {t('auth.accounts.signOut')}
      </Link>
    </main>
  );
}

function LinkedAccounts() {
  const { t } = useTranslation();
  const { load, setData, refresh, online } = useOnlineResource(associateCalls.list);
  const [unlinking, setUnlinking] = useState<Associate | null>(null);
  const { busy, runTold } = useBusy();

  const switchTo = (account: Associate) =>
    runTold(async () => {
      await signIn(await associateCalls.session(account.user_id));
      // The other account's own database: the app starts again on it.
      location.assign('/userHome');
    });

  const unlink = (account: Associate) => {
    setUnlinking(null);
    return runTold(async () => {
      const res = await associateCalls.unlink(account.user_id);
      setData(res.data);
      toast(res.msg, 'success');
    });
  };

  return (
    <section className="account-section" aria-labelledby="linked-accounts">
      <h2 id="linked-accounts">{t('auth.accounts.linked')}</h2>
      <p className="muted">{t('auth.accounts.linkedIntro')}</p>
      <OnlineNotices
        load={load}
        online={online}
        offlineText={t('auth.accounts.offline')}
        onRetry={() => void refresh()}
      />
      {load.state === 'ready' ? (
        <>
          {load.data.accounts.length === 0 ? <p className="muted">{t('auth.accounts.none')}</p> : null}
          <ul className="account-list" data-testid="linked-accounts">
            {load.data.accounts.map((account) => (
              <LinkedAccount
                key={account.user_id}
                account={account}
                disabled={busy || !online}
                onSwitch={() => void switchTo(account)}
                onUnlink={() => setUnlinking(account)}
              />
            ))}
          </ul>
          <LinkForm disabled={busy || !online} onLinked={setData} />
        </>
      ) : null}
      {unlinking ? (
        <ConfirmDialog
          title={t('auth.accounts.unlinkTitle')}
          body={t('auth.accounts.unlinkBody', { name: unlinking.fullName || unlinking.label })}
          confirmLabel={t('auth.accounts.unlink')}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void unlink(unlinking)}
          onCancel={() => setUnlinking(null)}
        />
      ) : null}
    </section>
  );
}

/** One linked account: who it is, Switch to it, Unlink it. */
function LinkedAccount(props: { account: Associate; disabled: boolean; onSwitch: () => void; onUnlink: () => void }) {
  const { t } = useTranslation();
  const { account } = props;
  const name = account.fullName || account.label;
  return (
    <li className="account-group account-linked" data-testid="linked-account">
      <Avatar src={account.avatar} name={name} size={40} />
      <div className="account-linked-name">
        <div className="account-label">{name}</div>
        {account.fullName ? <div className="muted">{account.label}</div> : null}
      </div>
      <div className="account-linked-actions">
        <button
          type="button"
          className="btn btn-primary btn-inline"
          disabled={props.disabled}
          aria-label={t('auth.accounts.switchLabel', { name })}
          onClick={props.onSwitch}
        >
          {t('auth.accounts.switchTo')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-inline"
          disabled={props.disabled}
          aria-label={`${t('auth.accounts.unlink')} ${name}`}
          onClick={props.onUnlink}
        >
          {t('auth.accounts.unlink')}
        </button>
      </div>
    </li>
  );
}

const EMPTY_ACCOUNT: AccountValue = { area: 'hk', mobile: '', email: '' };

type OwnAccount = ReturnType<typeof ownCodeAccount>;

/** The address a code to this account is sent to, as it is shown. */
const contactOf = (own: OwnAccount) => (own ? ('email' in own ? own.email : formatMobile(own.area, own.mobile)) : '');

/**
 * Links another account: its credentials, then this account proves it is its owner asking (its
 * own password, or, when it has none, a code sent to its own address), so a stolen session alone
 * cannot link the thief's account (src/api/associates.ts).
 */
function LinkForm(props: { disabled: boolean; onLinked: (data: Associates) => void }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [mode, setMode] = useState<AccountMode>('email');
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [password, setPassword] = useState('');
  const [own, setOwn] = useState('');
  const form = useFormSubmit();
  const hasPassword = profile ? !profile.tipEditPassword : true;
  const ownAccount = profile ? ownCodeAccount(profile) : null;
  const canProve = hasPassword || ownAccount !== null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const proof = hasPassword ? { current_password: own || undefined } : { current_code: own || undefined };
    void form.submit(associateBodySchema, { ...accountBody(mode, account), password, ...proof }, async (valid) => {
      const res = await associateCalls.link(valid);
      props.onLinked(res.data);
      setAccount(EMPTY_ACCOUNT);
      setPassword('');
      setOwn('');
      toast(res.msg, 'success');
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form account-group" aria-labelledby="link-account">
      <h3 id="link-account">{t('auth.accounts.linkTitle')}</h3>
      <p className="muted">{t('auth.accounts.linkIntro')}</p>
      <ModeTabs mode={mode} onChange={setMode} />
      <AccountFields mode={mode} value={account} onChange={setAccount} errors={form.errors} />
      <Field
        label={t('auth.fields.password')}
        type="password"
        name="link-password"
        autoComplete="off"
        value={password}
        error={form.errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <h4 className="account-own-title">{t('auth.accounts.ownTitle')}</h4>
      <OwnerProof form={form} ownAccount={ownAccount} hasPassword={hasPassword} own={own} onOwn={setOwn} />
      <FormError message={form.formError} />
      <button type="submit" className="btn btn-secondary btn-block" disabled={form.busy || props.disabled || !canProve}>
        {t('auth.accounts.link')}
      </button>
    </form>
  );
}

/** This account proving it is its owner asking: its password, a code to its own address, or neither yet. */
function OwnerProof(props: {
  form: ReturnType<typeof useFormSubmit>;
  ownAccount: OwnAccount | null;
  hasPassword: boolean;
  own: string;
  onOwn: (own: string) => void;
}) {
  const { t } = useTranslation();
  const { form, ownAccount, own } = props;
  const contact = contactOf(ownAccount);
  if (!props.hasPassword && ownAccount === null) return <p className="muted">{t('auth.accounts.ownNeedsPassword')}</p>;
  if (props.hasPassword) {
    return (
      <Field
        label={t('auth.accounts.ownPassword')}
        hint={t('auth.accounts.ownPasswordHint', { contact })}
        type="password"
        name="current-password"
        autoComplete="current-password"
        value={own}
        error={form.errors.current_password ? t('auth.accounts.ownRequired') : undefined}
        onChange={(e) => props.onOwn(e.target.value)}
      />
    );
  }
  return (
    <>
      <p className="muted">{t('auth.accounts.ownCodeHint', { contact })}</p>
      <CodeField
        scene="login"
        account={ownAccount ?? {}}
        value={own}
        onChange={props.onOwn}
        error={
          form.errors.current_code || form.errors.current_password ? t('auth.accounts.ownCodeRequired') : undefined
        }
        onAccountError={(errors) => form.setFormError(Object.values(errors)[0] ?? null)}
      />
    </>
  );
}
