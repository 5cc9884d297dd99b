import { useNavigate } from '@tanstack/react-router';
import { type Dispatch, type FormEvent, type RefObject, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_PHOTO_MAX_BYTES } from '../../api';
import { enqueue, stageFile } from '../../db/outbox';
import { cardPatchOf, EMPTY_CARD, isEmptyPatch } from '../../lib/card-merge';
import { toast } from '../toast';
import { useBusy } from '../use-busy';
import { bodyOf, type CardDraft, type DraftError, validateDraft } from './draft';
import { acceptSuggestion, type ScanSuggestion } from './scan-handoff';

/** The largest photo, in MB, as the editor tells it. */
export const PHOTO_MAX_MB = CARD_PHOTO_MAX_BYTES / (1024 * 1024);

/** What to focus once the next render is on screen: a control of one row. */
export type RowFocus = { id: string; action: 'remove' | 'undo' | 'first' };

type Errors = Record<string, DraftError>;

/**
 * The state of the card editor: the draft, its errors, photos being kept on this device, the
 * scan suggestions still offered, and saving.
 */
export function useCardDraft(opts: {
  initial: CardDraft;
  isNew: boolean;
  start?: CardDraft;
  suggestions?: readonly ScanSuggestion[];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(opts.start ?? opts.initial);
  const [errors, setErrors] = useState<Errors>({});
  const focus = useRef<RowFocus | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useRowFocus(form, focus);

  const message = (error: DraftError | undefined) => (error ? t(error.key, { max: error.max ?? 0 }) : undefined);
  const clear = (...ids: string[]) => {
    if (ids.some((id) => errors[id])) {
      setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !ids.includes(k))));
    }
  };
  const set = (patch: Partial<CardDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(...Object.keys(patch));
  };
  const changeDraft = (next: CardDraft, target?: RowFocus) => {
    if (target) focus.current = target;
    setDraft(next);
  };

  const { staging, pickPhoto } = usePhotoStaging(set);
  const offer = useSuggestionOffer(opts.suggestions, setDraft);
  const submit = useCardSubmit({ ...opts, draft, staging, form, setErrors });
  return { draft, errors, form, message, clear, set, changeDraft, staging, pickPhoto, ...offer, ...submit };
}

/**
 * Keyboard users keep their place: after a removal focus its Undo, after Undo the row's
 * remove button, after adding the new row's first field.
 */
function useRowFocus(form: RefObject<HTMLFormElement | null>, focus: RefObject<RowFocus | null>): void {
  useEffect(() => {
    const target = focus.current;
    if (!target || !form.current) return;
    focus.current = null;
    const row = form.current.querySelector<HTMLElement>(`[data-row="${target.id}"]`);
    const el =
      target.action === 'first'
        ? row?.querySelector<HTMLElement>('input, select')
        : row?.querySelector<HTMLElement>(`[data-action="${target.action}"]`);
    el?.focus();
  });
}

/**
 * A picked photo is kept on this device right away (`stageFile`) and the draft holds its
 * `local:` reference; `pickPhoto` answers the error to show, or null.
 */
function usePhotoStaging(set: (patch: Partial<CardDraft>) => void) {
  const { t } = useTranslation();
  const [staging, setStaging] = useState(0);
  const pickPhoto = async (field: 'photo' | 'photo_back', file: File): Promise<string | null> => {
    if (!file.type.startsWith('image/')) return t('card.errors.notImage');
    if (file.size > CARD_PHOTO_MAX_BYTES) return t('card.errors.photoTooLarge', { max: PHOTO_MAX_MB });
    setStaging((n) => n + 1);
    try {
      const ref = await stageFile(file, 'cardPhoto');
      set(field === 'photo' ? { photo: ref } : { photo_back: ref });
      return null;
    } catch {
      return t('card.errors.photoFailed');
    } finally {
      setStaging((n) => n - 1);
    }
  };
  return { staging, pickPhoto };
}

/** The scan suggestions still offered: each used (written into the draft) or dismissed once. */
function useSuggestionOffer(
  suggestions: readonly ScanSuggestion[] | undefined,
  setDraft: Dispatch<SetStateAction<CardDraft>>,
) {
  const [offered, setOffered] = useState<readonly ScanSuggestion[]>(suggestions ?? []);
  const dismissOffer = (item: ScanSuggestion) => setOffered((all) => all.filter((s) => s.id !== item.id));
  const acceptOffer = (item: ScanSuggestion) => {
    setDraft((d) => acceptSuggestion(d, item));
    dismissOffer(item);
  };
  return { offered, acceptOffer, dismissOffer };
}

/**
 * Saving writes IndexedDB and the outbox in one transaction (`patchCard`), so it works offline;
 * an invalid draft shows its errors and focuses the first.
 */
function useCardSubmit(opts: {
  initial: CardDraft;
  isNew: boolean;
  draft: CardDraft;
  staging: number;
  form: RefObject<HTMLFormElement | null>;
  setErrors: (errors: Errors) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState('');
  const { busy: saving, run } = useBusy();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || opts.staging > 0) return;
    const result = validateDraft(opts.draft);
    if (!result.ok) {
      opts.setErrors(result.errors);
      setFormError(t('card.errors.fix'));
      requestAnimationFrame(() => opts.form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setFormError('');
    await run(async () => {
      // Only what this edit changed is sent, so edits made meanwhile on another device stay.
      const patch = cardPatchOf(opts.isNew ? EMPTY_CARD : bodyOf(opts.initial), result.body);
      if (!isEmptyPatch(patch)) await enqueue('patchCard', patch);
      toast(navigator.onLine ? t('card.editor.saved') : t('card.editor.savedOffline'), 'success');
      await navigate({ to: '/card/info' });
    });
  };
  return { formError, saving, onSubmit };
}
