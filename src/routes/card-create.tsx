import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CardEditor } from '../components/card/CardEditor';
import { draftOf } from '../components/card/draft';
import { useMyCard, useProfile, useSession, useSyncState } from '../session/hooks';

/**
 * /card/create: creates my card, or edits it when I have one (prefilled from IndexedDB, so it
 * works offline too). A new card starts with my profile's name.
 */
export function CardCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const card = useMyCard();
  const profile = useProfile();
  const sync = useSyncState();
  // Before the first pull an empty editor could overwrite a card this device has not seen yet.
  const firstPull = card === null && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  if (session === null) {
    void navigate({ to: '/login' });
    return null;
  }
  if (session === undefined || card === undefined || profile === undefined || firstPull) {
    return (
      <main className="page" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('app.common.loading')}
        </span>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{card ? t('card.editTitle') : t('card.createTitle')}</h1>
      {/* The editor keeps the draft made when it opened; later syncs do not overwrite typing. */}
      <CardEditor initial={draftOf(card, profile?.fullName ?? '')} isNew={card === null} />
    </main>
  );
}
