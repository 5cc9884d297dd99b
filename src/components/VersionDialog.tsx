import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { applyUpdate } from '../browser/sw-register';
import { acceptNewVersion } from '../browser/version-check';
import { trapTab } from './focus';
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
  const okRef = useRef<HTMLButtonElement>(null);
  const [updating, setUpdating] = useState(false);
  useModalFocus(okRef);
  useEscape(onCancel, updating);

  const confirm = () => {
    if (updating) return;
    setUpdating(true);
    acceptNewVersion(version);
    void onUpdate();
  };

  return createPortal(
    <div className="version-dialog__backdrop">
      <div
        className="version-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-busy={updating}
        onKeyDown={trapTab}
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

/** While open: focus on `first`, the page under it not scrolling; closed, focus back where it was. */
function useModalFocus(first: RefObject<HTMLElement | null>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening (the ref does not change)
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    first.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);
}

/** Escape cancels, except while the update is under way. */
function useEscape(onCancel: () => void, updating: boolean): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || updating) return;
      event.preventDefault();
      onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCancel, updating]);
}
