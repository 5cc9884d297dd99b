import { type ChangeEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_TEXT_MAX, COMPANY_TITLE_MAX, type CompanyItem } from '../../api';
import { usePhotoSrc, useShownFiles } from '../../db/photo-src';
import { parseVideoUrl } from '../../lib/video-url';
import { Field } from '../forms';
import { type BlockErrors, COMPANY_SWIPE_MAX, type DraftBlock, type FieldError } from './draft';
import { CloseIconSmall, DownIcon, FileIcon, ImageIcon, TrashIcon, UpIcon } from './icons';
import { type FileKind, formatBytes } from './media';

export type UploadState = { busy: number; error: string };

type Props = {
  block: DraftBlock;
  /** 1-based position among the live blocks. */
  index: number;
  errors: BlockErrors;
  upload: UploadState;
  canUp: boolean;
  canDown: boolean;
  onChange: (item: CompanyItem) => void;
  onMove: (dir: -1 | 1) => void;
  onDelete: () => void;
  onPick: (kind: FileKind, files: File[]) => void;
};

function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => (error ? t(error.key, { max: error.max }) : undefined);
}

/** One block of the editor: its header (position, type, move and delete) and its fields. */
export function BlockEditor(props: Props) {
  const { t } = useTranslation();
  const headId = useId();
  const { block, errors } = props;
  const type = t(`company.types.${block.item.type}`);
  const invalid = Object.keys(errors).length > 0 || props.upload.error !== '';
  return (
    <section
      className={`block-edit${invalid ? ' block-edit-invalid' : ''}`}
      data-block={block.key}
      data-type={block.item.type}
      aria-labelledby={headId}
    >
      <header className="block-edit-head">
        <h2 className="block-edit-title" id={headId}>
          <span className="block-edit-num" aria-hidden="true">
            {props.index}
          </span>
          <span className="visually-hidden-text">{t('company.editor.block', { n: props.index, type })}</span>
          <span aria-hidden="true">{type}</span>
        </h2>
        <div className="block-edit-tools">
          <button
            type="button"
            className="block-tool"
            data-action="up"
            disabled={!props.canUp}
            aria-label={t('company.editor.moveUp')}
            aria-describedby={headId}
            onClick={() => props.onMove(-1)}
          >
            <UpIcon />
          </button>
          <button
            type="button"
            className="block-tool"
            data-action="down"
            disabled={!props.canDown}
            aria-label={t('company.editor.moveDown')}
            aria-describedby={headId}
            onClick={() => props.onMove(1)}
          >
            <DownIcon />
          </button>
          <button
            type="button"
            className="block-tool block-tool-danger"
            data-action="delete"
            aria-label={t('company.editor.delete')}
            aria-describedby={headId}
            onClick={props.onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      </header>
      <BlockFields {...props} />
    </section>
  );
}

function BlockFields({ block, errors, upload, onChange, onPick }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const item = block.item;
  switch (item.type) {
    case 'text':
      return (
        <TextArea
          label={t('company.fields.text')}
          value={item.content}
          maxLength={COMPANY_TEXT_MAX}
          error={errorText(errors.content)}
          onChange={(content) => onChange({ type: 'text', content })}
        />
      );
    case 'title':
      return (
        <Field
          label={t('company.fields.title')}
          value={item.content}
          maxLength={COMPANY_TITLE_MAX}
          error={errorText(errors.content)}
          onChange={(e) => onChange({ type: 'title', content: e.target.value })}
        />
      );
    case 'url':
      return <UrlFields content={item.content} errors={errors} onChange={onChange} />;
    case 'video':
      return <VideoField url={item.content.url} error={errorText(errors.url)} onChange={onChange} />;
    case 'pdf':
      return <PdfPick pdf={item.content} error={errorText(errors.file)} upload={upload} onPick={onPick} />;
    case 'img':
      return <ImagePick url={item.content.url} error={errorText(errors.file)} upload={upload} onPick={onPick} />;
    case 'swipe':
      return (
        <SwipePick
          urls={item.content.urls}
          error={errorText(errors.urls)}
          upload={upload}
          onPick={onPick}
          onChange={onChange}
        />
      );
  }
}

type UrlContent = Extract<CompanyItem, { type: 'url' }>['content'];
type PdfContent = Extract<CompanyItem, { type: 'pdf' }>['content'];
/** What a file block's picker is given: its error, its uploads, and where picked files go. */
type PickProps = { error: string | undefined; upload: UploadState; onPick: Props['onPick'] };

/** A link block: the address and the title shown for it. */
function UrlFields(props: { content: UrlContent; errors: BlockErrors; onChange: (item: CompanyItem) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { content, errors, onChange } = props;
  return (
    <>
      <Field
        label={t('company.fields.url')}
        type="url"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="https://"
        value={content.url}
        error={errorText(errors.url)}
        onChange={(e) => onChange({ type: 'url', content: { ...content, url: e.target.value } })}
      />
      <Field
        label={t('company.fields.urlTitle')}
        value={content.title}
        maxLength={COMPANY_TITLE_MAX}
        error={errorText(errors.title)}
        onChange={(e) => onChange({ type: 'url', content: { ...content, title: e.target.value } })}
      />
    </>
  );
}

/** A PDF block: the file picked so far (name and size), and a button to choose or replace it. */
function PdfPick({ pdf, error, upload, onPick }: PickProps & { pdf: PdfContent }) {
  const { t } = useTranslation();
  return (
    <FilePick
      legend={t('company.fields.pdf')}
      hint={t('company.fields.pdfHint')}
      button={pdf.url ? t('company.files.replacePdf') : t('company.files.choosePdf')}
      accept="application/pdf,.pdf"
      upload={upload}
      error={error}
      onFiles={(files) => onPick('pdf', files.slice(0, 1))}
    >
      {pdf.url ? (
        <div className="file-summary" data-testid="pdf-summary">
          <span className="pdf-icon">
            <FileIcon />
          </span>
          <span className="pdf-meta">
            <strong className="pdf-name">{pdf.name}</strong>
            <span className="muted">{formatBytes(pdf.size)}</span>
          </span>
        </div>
      ) : null}
    </FilePick>
  );
}

/** An image block: its preview, and a button to choose or replace it. */
function ImagePick({ url, error, upload, onPick }: PickProps & { url: string }) {
  const { t } = useTranslation();
  const shown = usePhotoSrc(url);
  return (
    <FilePick
      legend={t('company.fields.img')}
      hint={t('company.fields.imgHint')}
      button={url ? t('company.files.replaceImage') : t('company.files.chooseImage')}
      accept="image/*"
      upload={upload}
      error={error}
      onFiles={(files) => onPick('img', files.slice(0, 1))}
    >
      {shown ? <img className="file-preview" src={shown} alt="" /> : null}
    </FilePick>
  );
}

/** A swipe block: its pictures as thumbnails, each removable, and a button to add more up to the limit. */
function SwipePick(props: PickProps & { urls: string[]; onChange: (item: CompanyItem) => void }) {
  const { t } = useTranslation();
  const { urls, onChange } = props;
  const shown = useShownFiles(urls);
  const room = COMPANY_SWIPE_MAX - urls.length;
  return (
    <FilePick
      legend={t('company.fields.swipe')}
      hint={t('company.fields.swipeHint', { max: COMPANY_SWIPE_MAX })}
      button={t('company.files.addImages')}
      accept="image/*"
      multiple
      disabled={room <= 0}
      upload={props.upload}
      error={props.error}
      onFiles={(files) => props.onPick('img', files.slice(0, room))}
    >
      {urls.length > 0 ? (
        <ul className="thumbs">
          {urls.map((url, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be added twice
            <li key={`${i}-${url}`} className="thumb">
              <img src={shown?.[i] || undefined} alt="" />
              <button
                type="button"
                className="thumb-remove"
                aria-label={t('company.files.removeImage', { n: i + 1 })}
                onClick={() => onChange({ type: 'swipe', content: { urls: urls.filter((_, j) => j !== i) } })}
              >
                <CloseIconSmall />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </FilePick>
  );
}

function VideoField(props: { url: string; error: string | undefined; onChange: (item: CompanyItem) => void }) {
  const { t } = useTranslation();
  const link = props.url.trim() ? parseVideoUrl(props.url) : null;
  const wrong = props.url.trim() !== '' && !link ? t('http.linkWrong') : undefined;
  const hintId = useId();
  const kinds = {
    youtube: 'company.view.youtube',
    facebook: 'company.view.facebook',
    m3u8: 'company.view.stream',
  } as const;
  return (
    <div className="field">
      <Field
        label={t('company.fields.video')}
        type="url"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="https://www.youtube.com/watch?v=…"
        value={props.url}
        error={props.error ?? wrong}
        {...(props.error || wrong ? {} : { 'aria-describedby': hintId })}
        onChange={(e) => props.onChange({ type: 'video', content: { url: e.target.value } })}
      />
      {(props.error ?? wrong) ? null : (
        <p id={hintId} className={`field-hint${link ? ' field-ok' : ''}`}>
          {link ? t('company.fields.videoKind', { kind: t(kinds[link.kind]) }) : t('company.fields.videoHint')}
        </p>
      )}
    </div>
  );
}

function TextArea(props: {
  label: string;
  value: string;
  maxLength: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        rows={4}
        maxLength={props.maxLength}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function FilePick(props: {
  legend: string;
  hint: string;
  button: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  upload: UploadState;
  error: string | undefined;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = props.upload.error || props.error;
  const busy = props.upload.busy > 0;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length > 0) props.onFiles(files);
  };
  return (
    <fieldset className={`field${error ? ' field-invalid' : ''}`}>
      <legend>{props.legend}</legend>
      {props.children}
      <div className="file-pick">
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          disabled={props.disabled || busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onClick={() => input.current?.click()}
        >
          <ImageOrFile accept={props.accept} />
          {props.button}
        </button>
        <input
          ref={input}
          className="file-input"
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          accept={props.accept}
          multiple={props.multiple}
          onChange={onChange}
        />
        {busy ? (
          <span className="file-status" role="status">
            <span className="spinner company-spinner" aria-hidden="true" />
            {t('company.files.uploading')}
          </span>
        ) : (
          <span id={`${id}-hint`} className="field-hint">
            {props.hint}
          </span>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ImageOrFile({ accept }: { accept: string }) {
  return accept.startsWith('image') ? <ImageIcon /> : <FileIconSmall />;
}

const FileIconSmall = () => (
  <span className="file-icon-small" aria-hidden="true">
    <FileIcon />
  </span>
);
