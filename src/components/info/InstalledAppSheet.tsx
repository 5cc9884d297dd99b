import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../i18n';
import './info.css';

/**
 * SPEC §2 "App installed, open in app?": where the browser can tell the app is installed
 * (getInstalledRelatedApps; the manifest names the app itself as its related app) and this page
 * is open in a browser tab, a bottom sheet offers to open it in the app. On Android the button
 * is an intent link for this very URL, which the installed app answers; elsewhere it is the URL.
 */
const DISMISSED = 'cardbook:installedSheetDismissed';

type RelatedApp = { platform: string; url?: string };
type WithRelatedApps = Navigator & { getInstalledRelatedApps?: () => Promise<RelatedApp[]> };

export function openInAppUrl(href: string, userAgent: string): string {
  if (!/Android/i.test(userAgent)) return href;
  const url = new URL(href);
  return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${url.protocol.replace(':', '')};end`;
}

export function InstalledAppSheet() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (matchMedia('(display-mode: standalone)').matches || sessionStorage.getItem(DISMISSED) === '1') return;
    const nav = navigator as WithRelatedApps;
    if (typeof nav.getInstalledRelatedApps !== 'function') return;
    let live = true;
    nav
      .getInstalledRelatedApps()
      .then(async (apps) => {
        if (apps.length === 0) return;
        await loadMessages(['info']);
        if (live) setShow(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!show) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, '1');
    setShow(false);
  };
  return (
    <section className="installed-sheet" role="dialog" aria-labelledby="installed-title" aria-modal="false">
      <h2 id="installed-title">{t('info.pages.installedTitle')}</h2>
      <p>{t('info.pages.installedBody')}</p>
      <a
        className="btn btn-primary btn-block"
        href={openInAppUrl(location.href, navigator.userAgent)}
        onClick={dismiss}
      >
        {t('info.pages.openInApp')}
      </a>
      <button type="button" className="btn btn-ghost btn-block" onClick={dismiss}>
        {t('info.pages.notNow')}
      </button>
    </section>
  );
}
