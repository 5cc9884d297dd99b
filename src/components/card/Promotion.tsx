import { useTranslation } from 'react-i18next';
import type { CompanyItem } from '../../api';
import { CompanyBlocks } from '../company/CompanyBlocks';
import '../share/share.css';

export type PromotionState = {
  /** `offline`: nothing kept on this device and no network to fetch it. */
  state: 'loading' | 'error' | 'ready' | 'offline';
  items: readonly CompanyItem[];
  retry: () => void;
};

/**
 * A card's promotional items (SPEC §2: a spinner with 'Loading promotional material', then
 * the blocks). Fetching is the caller's: a visitor asks the server each time, the card holder
 * keeps them on the device (useCardExtras).
 */
export function Promotion({ state, items, retry }: PromotionState) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className="share-loading shared-promo-loading" role="status" data-testid="promo-loading">
        <span className="spinner share-spinner" aria-hidden="true" />
        {t('share.card.loadingPromo')}
      </div>
    );
  }
  if (state === 'error' || state === 'offline') {
    return (
      <div className="share-note" data-testid="promo-unavailable">
        <p>{state === 'offline' ? t('share.card.promoOffline') : t('share.card.promoError')}</p>
        <button type="button" className="btn btn-ghost btn-inline" onClick={retry}>
          {t('share.card.retry')}
        </button>
      </div>
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="shared-promo" aria-label={t('share.card.promo')}>
      <CompanyBlocks items={items} />
    </section>
  );
}
