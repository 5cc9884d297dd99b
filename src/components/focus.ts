import { type KeyboardEvent, useEffect } from 'react';

/**
 * Keyboard focus for modal dialogs (the share sheet and dialogs, the new-version dialog). Call useReturnFocus before the hook that moves focus
 * into the dialog (useDismiss), so that it remembers the opener and not the dialog's own button.
 */
export function useReturnFocus(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
}

/** onKeyDown of a modal: Tab and Shift+Tab cycle through its links and buttons only. */
export function trapTab(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return;
  const focusable = e.currentTarget.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]):not([tabindex="-1"])',
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
