import { useEffect, useMemo, useState } from 'react';
import type { FriendCardInfo } from '../../api';
import { keepCopyKey, keptCopyKey } from '../../browser/card-copy-key';
import { type CardCopy, readCopyFragment, verifyCopy } from '../../lib/card-copy';
import { friendCardOfCopy } from '../friends/display';

/**
 * A card copy read from a scanned QR code's link, and whether the server signed it: `verified`
 * with the key this phone keeps, `unchecked` before this phone has ever had the key (a visitor
 * offline on a first opening), else `forged`.
 */
export type CopyCheck = 'verified' | 'unchecked' | 'forged';
export type ScannedCopy = { copy: CardCopy; check: CopyCheck; card: FriendCardInfo };

/** Keeps the server's key for card copies on this phone (asked once a tab, online): the pages that read codes. */
export function useKeepCopyKey(): void {
  useEffect(() => {
    void keepCopyKey();
  }, []);
}

/**
 * The copy of a card's face carried in the link's fragment (`/s/{share_key}#…`, src/lib/card-copy.ts),
 * checked against the server's key kept on this device: null when the link carries none,
 * undefined while it is checked.
 */
export function useCardCopy(shareKey: string, hash: string): ScannedCopy | null | undefined {
  const read = useMemo(() => (hash ? readCopyFragment(hash) : null), [hash]);
  const [checked, setChecked] = useState<{ for: typeof read; check: CopyCheck } | null>(null);
  useEffect(() => {
    if (!read) return;
    let live = true;
    const key = keptCopyKey();
    const check: Promise<CopyCheck> = key
      ? verifyCopy(shareKey, read.body, read.signature, key).then((ok) => (ok ? 'verified' : 'forged'))
      : Promise.resolve('unchecked');
    void check.then((result) => {
      if (live) setChecked({ for: read, check: result });
    });
    return () => {
      live = false;
    };
  }, [read, shareKey]);
  return useMemo(() => {
    if (!read) return null;
    if (checked?.for !== read) return undefined;
    return { copy: read.copy, check: checked.check, card: friendCardOfCopy(read.copy, shareKey) };
  }, [read, checked, shareKey]);
}
