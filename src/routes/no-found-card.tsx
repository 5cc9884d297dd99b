import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';
import { CardOffIcon } from '../components/share/icons';

/** /noFoundCard: where a share link with an unknown or removed key lands (SPEC §2). */
export function NoFoundCardPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={
        <span className="status-emoji" aria-hidden="true" style={{ color: 'var(--muted)' }}>
          <CardOffIcon />
        </span>
      }
      title={t('share.notFound.title')}
      body={t('share.notFound.body')}
      action={t('share.notFound.home')}
    />
  );
}
