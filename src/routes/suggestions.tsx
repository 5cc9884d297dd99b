import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGES_MAX, feedbackBodySchema } from '../api';
import { Field, FormError, TextAreaField } from '../components/forms';
import { toast } from '../components/toast';
import { useFormSubmit } from '../components/use-form-submit';
import { useOnline } from '../components/use-online';
import { useQueued } from '../db/hooks/outbox';
import { useSyncState } from '../db/hooks/session';
import { enqueue, stageFile } from '../db/outbox';
import { currentLocale } from '../i18n';
import '../components/account/account.css';
import '../components/info/info.css';

/**
 * /suggestions: the SPEC §5 feedback form. It goes through the outbox like every change: sent at
 * once online, after reconnecting offline, its images uploaded first, kept once by the server.
 */
type Picked = { ref: string; preview: string };
const MB = Math.round(FEEDBACK_IMAGE_MAX_BYTES / 1024 / 1024);

export function SuggestionsPage() {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [agree, setAgree] = useState(false);
  const [images, setImages] = useState<Picked[]>([]);
  /** The outbox id of the message just sent, and what it said (given back if the server refuses it). */
  const [sent, setSent] = useState<{ id: string; content: string; contact: string } | null>(null);
  const form = useFormSubmit();
  const fileInput = useRef<HTMLInputElement>(null);
  const agreeId = useId();
  const previews = useRef<string[]>([]);
  previews.current = images.map((i) => i.preview);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const pick = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (images.length >= FEEDBACK_IMAGES_MAX) break;
      if (!file.type.startsWith('image/')) {
        toast(t('info.feedback.notImage'), 'error');
        continue;
      }
      if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
        toast(t('info.feedback.imageTooLarge', { mb: MB }), 'error');
        continue;
      }
      const ref = await stageFile(file, 'feedbackImage');
      const preview = URL.createObjectURL(file);
      setImages((prev) => (prev.length >= FEEDBACK_IMAGES_MAX ? prev : [...prev, { ref, preview }]));
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const remove = (index: number) => {
    setImages((prev) => {
      const gone = prev[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return prev.filter((_, i) => i !== index);
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      id: crypto.randomUUID(),
      content,
      contact,
      agree,
      images: images.map((i) => i.ref),
      app_version: __APP_VERSION__,
      language: currentLocale(),
      device: navigator.userAgent.slice(0, 300),
    };
    void form.submit(feedbackBodySchema, body, async (valid) => {
      const id = await enqueue('sendFeedback', valid);
      setSent({ id, content: valid.content, contact: valid.contact });
      setContent('');
      setImages([]);
    });
  };

  if (sent) {
    return (
      <main className="page info-page">
        <h1>{t('info.feedback.title')}</h1>
        <SendStatus
          id={sent.id}
          onRefused={() => {
            // The sync layer has told why (a toast); the message comes back to be fixed and sent again.
            setContent(sent.content);
            setContact(sent.contact);
            setSent(null);
          }}
        />
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setSent(null)}>
          {t('info.feedback.again')}
        </button>
      </main>
    );
  }
  return (
    <main className="page info-page">
      <h1>{t('info.feedback.title')}</h1>
      <p className="muted">{t('info.feedback.intro')}</p>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextAreaField
          label={t('info.feedback.content')}
          rows={6}
          maxLength={2000}
          value={content}
          placeholder={t('info.feedback.contentPlaceholder')}
          error={form.errors.content}
          onChange={(e) => setContent(e.target.value)}
        />
        <Field
          label={t('info.feedback.contact')}
          hint={t('info.feedback.contactHint')}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={contact}
          error={form.errors.contact}
          onChange={(e) => setContact(e.target.value)}
        />
        <fieldset className="info-images">
          <legend>{t('info.feedback.images', { max: FEEDBACK_IMAGES_MAX, mb: MB })}</legend>
          <ul>
            {images.map((image, i) => (
              <li key={image.ref}>
                <img src={image.preview} alt="" />
                <button
                  type="button"
                  className="info-image-remove"
                  aria-label={t('info.feedback.removeImage', { n: i + 1 })}
                  onClick={() => remove(i)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {images.length < FEEDBACK_IMAGES_MAX ? (
            <label className="btn btn-secondary info-add-image">
              {t('info.feedback.addImage')}
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                onChange={(e) => void pick(e.target.files)}
              />
            </label>
          ) : null}
        </fieldset>
        <div className={`field info-agree${form.errors.agree ? ' field-invalid' : ''}`}>
          <label htmlFor={agreeId}>
            <input
              id={agreeId}
              type="checkbox"
              checked={agree}
              aria-invalid={form.errors.agree ? true : undefined}
              onChange={(e) => setAgree(e.target.checked)}
            />{' '}
            {t('info.feedback.agree')}
          </label>
          <Link to="/policy/$type" params={{ type: 'terms' }}>
            {t('info.feedback.readTerms')}
          </Link>
          {form.errors.agree ? (
            <p className="field-error" role="alert">
              {form.errors.agree}
            </p>
          ) : null}
        </div>
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {form.busy ? t('info.feedback.sending') : t('info.feedback.send')}
        </button>
      </form>
    </main>
  );
}

/**
 * Where the message is, live from the outbox: waiting for the network, on its way, or sent (its
 * entry gone from the outbox without a refusal).
 */
function SendStatus({ id, onRefused }: { id: string; onRefused: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const sync = useSyncState();
  const queued = useQueued(id);
  const refused = sync.rejected.some((notice) => notice.id === id && notice.key !== 'superseded');
  useEffect(() => {
    if (refused) onRefused();
  }, [refused, onRefused]);
  if (queued === undefined || refused) return null;
  const text = !queued
    ? t('info.feedback.sent')
    : online && sync.online
      ? t('info.feedback.sending')
      : t('info.feedback.sentOffline');
  return (
    <p role="status" className="info-done" data-state={queued ? 'queued' : 'sent'}>
      {text}
    </p>
  );
}
