import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { applyUpdate } from '../browser/sw-register';
import { acceptNewVersion } from '../browser/version-check';
import './VersionDialog.css';

export type VersionDialogProps = {
  /** The server's version, as reported by checkForNewVersion(). */
  version: string;
  /** Translates 'version.title', 'version.body', 'version.ok' and 'version.cancel'. */
  t: (key: string) => string;
  /** Cancel or Escape: close the dialog; the next check offers the update again. */
  onCancel: () => void;
  /** What OK does once the version is stored; by default reloads into the new service worker. */
  onUpdate?: () => Promise<void> | void;
};

/**
 * The new-version dialog (SPEC §4, §8): a modal that keeps focus inside it, starts on OK and
 * cancels on Escape, rendered on top of whatever screen is open.
 */
export function VersionDialog({ version, t, onCancel, onUpdate = applyUpdate }: VersionDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    okRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || updating) return;
      event.preventDefault();
      onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCancel, updating]);

  const confirm = () => {
    if (updating) return;
    setUpdating(true);
    acceptNewVersion(version);
    void onUpdate();
  };

  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = [...(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="version-dialog__backdrop">
      <div
        ref={dialogRef}
        className="version-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-busy={updating}
        onKeyDown={keepFocusInside}
      >
        <h2 id={titleId} className="version-dialog__title">
          {t('version.title')}
        </h2>
        <p id={bodyId} className="version-dialog__body">
          {t('version.body')}
        </p>
        <div className="version-dialog__actions">
          <button type="button" className="version-dialog__button" onClick={onCancel} disabled={updating}>
            {t('version.cancel')}
          </button>
          <button
            ref={okRef}
            type="button"
            className="version-dialog__button version-dialog__button--primary"
            onClick={confirm}
            aria-disabled={updating}
          >
            {t('version.ok')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
