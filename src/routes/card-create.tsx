import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardEditor } from '../components/card/CardEditor';
import { draftOf } from '../components/card/draft';
import { clearScanHandoff, readScanHandoff, scanIntoDraft } from '../components/card/scan-handoff';
import { useMyCard } from '../db/hooks/card';
import { useProfile } from '../db/hooks/profile';
import { useSyncState } from '../db/hooks/session';

/**
 * /card/create: creates my card, or edits it when I have one (prefilled from IndexedDB, so it
 * works offline too). A new card starts with my profile's name.
 */
export function CardCreatePage() {
  const { t } = useTranslation();
  const card = useMyCard();
  const profile = useProfile();
  const sync = useSyncState();
  // Fields recognized on my paper card (/card/identify), read once when the screen opens.
  const [scanned] = useState(readScanHandoff);
  // Before the first pull an empty editor could overwrite a card this device has not seen yet.
  const firstPull = card === null && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  if (card === undefined || profile === undefined || firstPull) {
    return (
      <main className="page" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('app.common.loading')}
        </span>
      </main>
    );
  }
  const initial = draftOf(card, profile?.fullName ?? '');
  // Recognized fields fill only what is empty; the rest is offered (scan-handoff.ts).
  const recognized = scanned ? scanIntoDraft(initial, scanned) : null;
  return (
    <main className="page">
      <h1>{card ? t('card.editTitle') : t('card.createTitle')}</h1>
      {/* The editor keeps the draft made when it opened; later syncs do not overwrite typing. */}
      <CardEditor
        initial={initial}
        start={recognized?.draft}
        suggestions={recognized?.suggestions}
        isNew={card === null}
      />
      {scanned ? <ClearHandoff /> : null}
    </main>
  );
}

/** The recognized fields are in the editor now: a reload starts from my card again. */
function ClearHandoff() {
  useEffect(clearScanHandoff, []);
  return null;
}
