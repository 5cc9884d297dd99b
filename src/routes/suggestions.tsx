import { Link } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
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

/** The message just sent: its outbox id, and what it said (given back if the server refuses it). */
type Sent = { id: string; content: string; contact: string };

export function SuggestionsPage() {
  const feedback = useFeedback();
  if (feedback.sent) return <FeedbackSent sent={feedback.sent} feedback={feedback} />;
  return <FeedbackForm feedback={feedback} />;
}

type Feedback = ReturnType<typeof useFeedback>;

/** The form's fields, its images, and sending it through the outbox. */
function useFeedback() {
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [agree, setAgree] = useState(false);
  const images = useFeedbackImages();
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useFormSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      id: crypto.randomUUID(),
      content,
      contact,
      agree,
      images: images.images.map((i) => i.ref),
      app_version: __APP_VERSION__,
      language: currentLocale(),
      device: navigator.userAgent.slice(0, 300),
    };
    void form.submit(feedbackBodySchema, body, async (valid) => {
      const id = await enqueue('sendFeedback', valid);
      setSent({ id, content: valid.content, contact: valid.contact });
      setContent('');
      images.setImages([]);
    });
  };

  return { content, setContent, contact, setContact, agree, setAgree, images, sent, setSent, form, onSubmit };
}

/** The images picked so far (staged in the outbox, previewed from object URLs revoked when gone). */
function useFeedbackImages() {
  const { t } = useTranslation();
  const [images, setImages] = useState<Picked[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
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

  return { images, setImages, fileInput, pick, remove };
}

/** After sending: where the message is, and a way to write another. */
function FeedbackSent({ sent, feedback }: { sent: Sent; feedback: Feedback }) {
  const { t } = useTranslation();
  return (
    <main className="page info-page">
      <h1>{t('info.feedback.title')}</h1>
      <SendStatus
        id={sent.id}
        onRefused={() => {
          // The sync layer has told why (a toast); the message comes back to be fixed and sent again.
          feedback.setContent(sent.content);
          feedback.setContact(sent.contact);
          feedback.setSent(null);
        }}
      />
      <button type="button" className="btn btn-secondary btn-block" onClick={() => feedback.setSent(null)}>
        {t('info.feedback.again')}
      </button>
    </main>
  );
}

function FeedbackForm({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const { form } = feedback;
  return (
    <main className="page info-page">
      <h1>{t('info.feedback.title')}</h1>
      <p className="muted">{t('info.feedback.intro')}</p>
      <form onSubmit={feedback.onSubmit} noValidate className="form">
        <TextAreaField
          label={t('info.feedback.content')}
          rows={6}
          maxLength={2000}
          value={feedback.content}
          placeholder={t('info.feedback.contentPlaceholder')}
          error={form.errors.content}
          onChange={(e) => feedback.setContent(e.target.value)}
        />
        <Field
          label={t('info.feedback.contact')}
          hint={t('info.feedback.contactHint')}
          type="text"
          inputMode="email"
          autoComplete="email"
          value={feedback.contact}
          error={form.errors.contact}
          onChange={(e) => feedback.setContact(e.target.value)}
        />
        <FeedbackImages {...feedback.images} />
        <AgreeField agree={feedback.agree} setAgree={feedback.setAgree} error={form.errors.agree} />
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {form.busy ? t('info.feedback.sending') : t('info.feedback.send')}
        </button>
      </form>
    </main>
  );
}

/** The picked images with their remove buttons, and the picker while there is room for more. */
function FeedbackImages({
  images,
  fileInput,
  pick,
  remove,
}: {
  images: Picked[];
  fileInput: RefObject<HTMLInputElement | null>;
  pick: (files: FileList | null) => Promise<void>;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The terms checkbox, a link to read them, and the error when they were not accepted. */
function AgreeField({
  agree,
  setAgree,
  error,
}: {
  agree: boolean;
  setAgree: (agree: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const agreeId = useId();
  return (
    <div className={`field info-agree${error ? ' field-invalid' : ''}`}>
      <label htmlFor={agreeId}>
        <input
          id={agreeId}
          type="checkbox"
          checked={agree}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setAgree(e.target.checked)}
        />{' '}
        {t('info.feedback.agree')}
      </label>
      <Link to="/policy/$type" params={{ type: 'terms' }}>
        {t('info.feedback.readTerms')}
      </Link>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
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
