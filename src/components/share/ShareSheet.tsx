import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardShare } from '../../api/card';
import { type SocialChannel, socialChannels } from '../../lib/share-links';
import { trapTab, useReturnFocus } from '../focus';
import { toast } from '../toast';
import { useDismiss } from '../use-dismiss';
import { ContactIcon, LinkIcon, QrSmallIcon, ShareIcon } from './icons';

/** Brand colour and mark of each social channel (a letter keeps the sheet free of logo files). */
const BRANDS: Record<SocialChannel, { colour: string; mark: string }> = {
  whatsapp: { colour: '#25d366', mark: 'W' },
  fb: { colour: '#1877f2', mark: 'f' },
  line: { colour: '#06c755', mark: 'L' },
  telegram: { colour: '#229ed9', mark: 'T' },
  linkedin: { colour: '#0a66c2', mark: 'in' },
  twitter: { colour: '#0f1419', mark: 'X' },
};

const LABEL_KEYS = {
  whatsapp: 'share.sheet.whatsapp',
  fb: 'share.sheet.facebook',
  line: 'share.sheet.line',
  telegram: 'share.sheet.telegram',
  linkedin: 'share.sheet.linkedin',
  twitter: 'share.sheet.twitter',
} as const satisfies Record<SocialChannel, string>;

/** The clipboard API where the page may use it, else a selected text area and the copy command. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy command refused');
}

type ShareSheetProps = {
  /** The card's public link. */
  link: string;
  /** The card's name, for the text that goes with the link. */
  name: string;
  share: CardShare;
  onClose: () => void;
};

/**
 * The share sheet of my card: copy the link, the system share sheet (Web Share API) where the
 * browser has one, the QR page, the vCard, and the social channels of the share object (each
 * opens in a new tab). A modal dialog: focus starts on the first choice and stays inside,
 * Escape or the backdrop closes it, and focus goes back to what opened it.
 */
export function ShareSheet({ link, name, share, onClose }: ShareSheetProps) {
  const { t } = useTranslation();
  useReturnFocus();
  const first = useDismiss<HTMLButtonElement>(onClose);
  const canShare = typeof navigator.share === 'function';
  const { onCopy, onSystemShare } = useShareActions(link, name, onClose);

  return (
    <div className="sheet-backdrop">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        className="sheet share-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={t('share.sheet.title')}
        onKeyDown={trapTab}
      >
        <div className="sheet-title">{t('share.sheet.title')}</div>
        <ul className="share-sheet-list">
          <li>
            <button ref={first} type="button" className="share-sheet-item" onClick={() => void onCopy()}>
              <Mark>
                <LinkIcon />
              </Mark>
              {t('share.sheet.copy')}
            </button>
          </li>
          {canShare ? (
            <li>
              <button type="button" className="share-sheet-item" onClick={() => void onSystemShare()}>
                <Mark>
                  <ShareIcon />
                </Mark>
                {t('share.sheet.system')}
              </button>
            </li>
          ) : null}
          <li>
            <Link to="/myQrCode" className="share-sheet-item" onClick={onClose}>
              <Mark>
                <QrSmallIcon />
              </Mark>
              {t('share.sheet.qr')}
            </Link>
          </li>
          {share.contact ? (
            <li>
              <a href={share.contact} download className="share-sheet-item" onClick={onClose}>
                <Mark>
                  <ContactIcon />
                </Mark>
                {t('share.sheet.contact')}
              </a>
            </li>
          ) : null}
          <SocialItems share={share} onClose={onClose} />
        </ul>
        <button type="button" className="sheet-item sheet-cancel" onClick={onClose}>
          {t('share.sheet.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * Copy the link (then close), and hand it to the system share sheet (then close; when the user
 * closes the system sheet instead, ours stays open for another choice).
 */
function useShareActions(link: string, name: string, onClose: () => void) {
  const { t } = useTranslation();
  const text = t('share.sheet.text', { name });

  const onCopy = async () => {
    try {
      await copyText(link);
      toast(t('share.sheet.copied'), 'success');
      onClose();
    } catch {
      toast(t('share.sheet.copyFailed'), 'error');
    }
  };

  const onSystemShare = async () => {
    try {
      await navigator.share({ title: text, text, url: link });
      onClose();
    } catch (err) {
      // AbortError: the user closed the system sheet; ours stays open for another choice.
      if (!(err instanceof DOMException && err.name === 'AbortError')) toast(t('share.sheet.copyFailed'), 'error');
    }
  };

  return { onCopy, onSystemShare };
}

/** The share object's social channels, each opening in a new tab with its brand's mark. */
function SocialItems({ share, onClose }: { share: CardShare; onClose: () => void }) {
  const { t } = useTranslation();
  return socialChannels(share).map(({ channel, href }) => (
    <li key={channel}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="share-sheet-item"
        data-channel={channel}
        onClick={onClose}
      >
        <Mark colour={BRANDS[channel].colour}>{BRANDS[channel].mark}</Mark>
        {t(LABEL_KEYS[channel])}
        <span className="share-sr-only"> {t('share.sheet.newTab')}</span>
      </a>
    </li>
  ));
}

function Mark({ colour, children }: { colour?: string; children: ReactNode }) {
  return (
    <span
      className={colour ? 'share-mark share-mark-brand' : 'share-mark'}
      style={colour ? { background: colour } : undefined}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}
