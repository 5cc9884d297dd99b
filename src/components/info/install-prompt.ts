import { useEffect, useState } from 'react';

/**
 * The browser's install offer (beforeinstallprompt, Chromium): kept when it comes, so a button
 * can show it later; `installed` once the app is installed or runs as one.
 */
type InstallEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallEvent | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallEvent;
  });
}

export function useInstallPrompt(): { prompt: (() => Promise<void>) | null; installed: boolean } {
  const [offer, setOffer] = useState<InstallEvent | null>(deferred);
  const [installed, setInstalled] = useState(() => matchMedia('(display-mode: standalone)').matches);
  useEffect(() => {
    const onOffer = (event: Event) => setOffer(event as InstallEvent);
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const prompt = offer
    ? async () => {
        await offer.prompt();
        const { outcome } = await offer.userChoice;
        if (outcome === 'accepted') setInstalled(true);
        deferred = null;
        setOffer(null);
      }
    : null;
  return { prompt, installed };
}
