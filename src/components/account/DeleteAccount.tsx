import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeleteAccountBody, deleteAccountBodySchema } from '../../api';
import { accountCalls } from '../../clients/account';
import { useProfile } from '../../db/hooks/profile';
import { fieldErrors } from '../../lib/form-errors';
import { errorText, isCancelled } from '../../lib/request/errors';
import { ConfirmDialog } from '../ConfirmDialog';
import { Field } from '../forms';
import { toast } from '../toast';
import { useOnline } from '../use-online';

/**
 * Deleting my account (POST /api/user/delete): my password again, then a confirm. This device's
 * copy of the account goes too (its local database, at the next start), and the app starts over
 * signed out.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const online = useOnline();
  const profile = useProfile();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!profile) return null;
  const account = profile.email
    ? { email: profile.email }
    : { area: profile.area ?? 'hk', mobile: profile.mobile ?? '' };
  const body = { ...account, password };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = deleteAccountBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setError(t(errors.password ?? 'auth.errors.invalid'));
      return;
    }
    setError(undefined);
    setAsking(true);
  };

  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      // Signed out, and this device's copy of the account forgotten at the next start.
      const res = await accountCalls.delete(body as DeleteAccountBody);
      toast(res.msg, 'success');
      location.assign('/');
    } catch (err) {
      if (!isCancelled(err)) setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <section className="account-section account-danger" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('auth.accounts.deleteTitle')}</h2>
      {profile.tipEditPassword ? (
        <p className="muted">{t('auth.accounts.deleteNoPassword')}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="form account-group">
          <p className="muted">{t('auth.accounts.deleteHint')}</p>
          <Field
            label={t('auth.fields.password')}
            type="password"
            name="delete-password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn btn-danger btn-block" disabled={busy || !online}>
            {t('auth.accounts.deleteButton')}
          </button>
        </form>
      )}
      {asking ? (
        <ConfirmDialog
          title={t('auth.accounts.deleteConfirmTitle')}
          body={t('auth.accounts.deleteConfirmBody')}
          confirmLabel={t('auth.accounts.deleteButton')}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
