import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../db/hooks/profile';
import { useSession } from '../db/hooks/session';
import { ConfirmDialog } from './ConfirmDialog';

const DISMISSED = 'cardbook:setPasswordDismissed';

/** SPEC §4: a user who signed in by code or a third party and has no password is asked to set one. */
export function SetPasswordPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === '1');
  const loginType = session?.loginType;
  if (!session || !profile?.tipEditPassword || dismissed || (loginType !== 1 && loginType !== 4)) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <ConfirmDialog
      title={t('auth.changePassword.setTitle')}
      body={t('auth.changePassword.setPrompt')}
      confirmLabel={t('auth.changePassword.setNow')}
      cancelLabel={t('auth.changePassword.later')}
      onCancel={dismiss}
      onConfirm={() => {
        dismiss();
        void navigate({ to: '/resetPwd' });
      }}
    />
  );
}
