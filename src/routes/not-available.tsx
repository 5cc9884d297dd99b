import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';
import type { Messages } from '../i18n/catalog';

export type FeatureKey = keyof Messages['app']['features'];

/** The honest state of a screen whose feature belongs to a later release. */
export function NotAvailablePage({ feature }: { feature: FeatureKey }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('app.notAvailable.title')}
      body={t('app.notAvailable.body', { feature: t(`app.features.${feature}`) })}
      action={t('app.notAvailable.back')}
    />
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    feature?: FeatureKey;
  }
}

/** The page of every route marked `staticData: { feature }` in the router. */
export function NotAvailableRoute() {
  const feature = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.staticData.feature });
  return <NotAvailablePage feature={feature ?? 'site'} />;
}
