import { useEffect, useMemo, useState } from 'react';
import type { FriendCardInfo } from '../../api';
import { keptCopyKey } from '../../browser/card-copy-key';
import { type CardCopy, readCopyFragment, verifyCopy } from '../../lib/card-copy';
import { friendCardOfCopy } from '../friends/display';

/** A card copy read from a scanned QR code's link, and whether the server signed it. */
export type ScannedCopy = { copy: CardCopy; verified: boolean; card: FriendCardInfo };

/**
 * The copy of a card's face carried in the link's fragment (`/s/{share_key}#…`, src/lib/card-copy.ts),
 * checked against the server's key kept on this device: null when the link carries none,
 * undefined while it is checked. Without a kept key (a device never online) it is unverified.
 */
export function useCardCopy(shareKey: string, hash: string): ScannedCopy | null | undefined {
  const read = useMemo(() => (hash ? readCopyFragment(hash) : null), [hash]);
  const [verified, setVerified] = useState<{ for: typeof read; ok: boolean } | null>(null);
  useEffect(() => {
    if (!read) return;
    let live = true;
    const key = keptCopyKey();
    void (key ? verifyCopy(shareKey, read.body, read.signature, key) : Promise.resolve(false)).then((ok) => {
      if (live) setVerified({ for: read, ok });
    });
    return () => {
      live = false;
    };
  }, [read, shareKey]);
  return useMemo(() => {
    if (!read) return null;
    if (verified?.for !== read) return undefined;
    return { copy: read.copy, verified: verified.ok, card: friendCardOfCopy(read.copy, shareKey) };
  }, [read, verified, shareKey]);
}
