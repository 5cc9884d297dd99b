import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyCard } from '../../db/hooks/card';

/**
 * Web NFC (Chrome on Android): write my share link to a blank tag, or read a tag and open the
 * Cardbook link on it. Elsewhere the browser has no NDEFReader and nothing is shown.
 */
type NdefRecord = { recordType: string; data?: DataView };
type NdefReader = {
  write(message: { records: { recordType: 'url'; data: string }[] }): Promise<void>;
  scan(): Promise<void>;
  addEventListener(type: 'reading', listener: (event: { message: { records: NdefRecord[] } }) => void): void;
  addEventListener(type: 'readingerror', listener: () => void): void;
};
type NdefReaderConstructor = new () => NdefReader;

function ndefReader(): NdefReaderConstructor | null {
  const ctor = (globalThis as { NDEFReader?: NdefReaderConstructor }).NDEFReader;
  return typeof ctor === 'function' ? ctor : null;
}

export function NfcTools() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = useMyCard();
  const [state, setState] = useState<string | null>(null);
  const Reader = ndefReader();
  if (!Reader) return null;
  const link = card?.share?.link;

  const write = async () => {
    if (!link) return;
    setState(t('info.shop.nfcWriting'));
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: link }] });
      setState(t('info.shop.nfcWritten'));
    } catch (err) {
      setState(t('info.shop.nfcFailed', { error: err instanceof Error ? err.message : String(err) }));
    }
  };

  const read = async () => {
    setState(t('info.shop.nfcReading'));
    try {
      const reader = new Reader();
      reader.addEventListener('reading', ({ message }) => {
        const decoder = new TextDecoder();
        for (const record of message.records) {
          if (record.recordType !== 'url' || !record.data) continue;
          const url = new URL(decoder.decode(record.data), location.href);
          if (url.origin === location.origin && /^\/(s|bindExclusiveCard|ex)\//.test(url.pathname)) {
            void navigate({ href: url.pathname + url.search });
            return;
          }
        }
        setState(t('info.shop.nfcNoLink'));
      });
      await reader.scan();
    } catch (err) {
      setState(t('info.shop.nfcFailed', { error: err instanceof Error ? err.message : String(err) }));
    }
  };

  return (
    <section className="account-section" aria-labelledby="nfc-tools">
      <h2 id="nfc-tools">{t('info.shop.nfcTitle')}</h2>
      <div className="oauth-actions">
        <button type="button" className="btn btn-secondary" disabled={!link} onClick={() => void write()}>
          {t('info.shop.nfcWrite')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void read()}>
          {t('info.shop.nfcRead')}
        </button>
      </div>
      {state ? (
        <p role="status" className="muted">
          {state}
        </p>
      ) : null}
    </section>
  );
}
