import { base64urlnopad } from '@scure/base';
import { cardCalls } from '../clients/card';

/**
 * The server's public key for the card copies QR codes carry (src/lib/card-copy.ts), kept on
 * this device so a scanner with no signal can tell the server's copy from a forged one. Asked
 * once a tab while online; one server's key for every account of this device.
 */
const STORAGE_KEY = 'cardbook:copy-key';
const ASKED_KEY = 'cardbook:copy-key-asked';

/** The kept key (raw, 32 bytes), or null before this device was ever online. */
export function keptCopyKey(): Uint8Array | null {
  const text = localStorage.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const key = base64urlnopad.decode(text);
    return key.length === 32 ? key : null;
  } catch {
    return null;
  }
}

/** Asks the server for its key (once a tab, online), and keeps it. */
export async function keepCopyKey(): Promise<void> {
  if (!navigator.onLine || sessionStorage.getItem(ASKED_KEY)) return;
  try {
    const { data } = await cardCalls.copyKey();
    localStorage.setItem(STORAGE_KEY, data.key);
    sessionStorage.setItem(ASKED_KEY, '1');
  } catch {
    // Asked again at the next opening.
  }
}
