import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CompanyBlocks } from '../components/company/CompanyBlocks';
import { CompanyEditor } from '../components/company/CompanyEditor';
import { SpreadIcon } from '../components/company/icons';
import { useCompany, useShownCompany } from '../db/hooks/company';
import { useSyncState } from '../db/hooks/session';

/** /information/info: my promotional content as others see it under my card. Works offline. */
export function InformationPage() {
  const { t } = useTranslation();
  const company = useShownCompany();
  if (company === undefined) return <main className="page" aria-busy="true" />;
  const items = company?.items ?? [];
  return (
    <main className="page">
      <div className="page-title-row">
        <h1>{t('company.title')}</h1>
        {items.length > 0 ? (
          <Link to="/information/edit" className="btn btn-secondary">
            {t('app.common.edit')}
          </Link>
        ) : null}
      </div>
      {items.length > 0 ? (
        <CompanyBlocks items={items} />
      ) : (
        <section className="company-empty">
          <SpreadIcon />
          <h2>{t('company.empty.title')}</h2>
          <p>{t('company.empty.body')}</p>
          <Link to="/information/edit" className="btn btn-primary">
            {t('company.empty.action')}
          </Link>
        </section>
      )}
    </main>
  );
}

/**
 * /information/edit: the block editor, starting from what IndexedDB holds. Saving replaces the
 * whole list, so on a device that has never pulled it waits for the first pull rather than
 * start from an empty list that would wipe the saved blocks.
 */
export function InformationEditPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const { lastSyncAt } = useSyncState();
  if (company === undefined || (company === null && lastSyncAt === 0)) {
    return (
      <main className="page" aria-busy="true">
        <p className="muted">{t('app.common.loading')}</p>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{t('company.editTitle')}</h1>
      <p className="muted company-intro">{t('company.intro')}</p>
      <CompanyEditor initial={company?.items ?? []} />
    </main>
  );
}
