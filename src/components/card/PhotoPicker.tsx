import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhotoSrc } from '../../db';
import { FieldError } from './editor-fields';
import { ImageIcon, TrashIcon } from './icons';

/** One side of my card's photo: its preview, a choose/replace button and a remove button. */
export function PhotoPicker(props: {
  side: 'front' | 'back';
  label: string;
  value: string;
  error?: string;
  onPick: (file: File) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState('');
  const errorId = useId();
  const error = pickError || props.error;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPickError((await props.onPick(file)) ?? '');
  };
  return (
    <div className="photo-picker" data-testid={`photo-picker-${props.side}`}>
      <div className="photo-picker-label">{props.label}</div>
      <PhotoPreview side={props.side} value={props.value} />
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`photo-input-${props.side}`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="photo-picker-actions">
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          {props.value ? t('card.editor.replace') : t('card.editor.choose')}
          <span className="visually-hidden"> ({props.label})</span>
        </button>
        {props.value ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={`${t('card.editor.remove')} (${props.label})`}
            onClick={() => {
              setPickError('');
              props.onRemove();
            }}
          >
            <TrashIcon />
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} text={error} />
    </div>
  );
}

function PhotoPreview({ side, value }: { side: 'front' | 'back'; value: string }) {
  const { t } = useTranslation();
  const src = usePhotoSrc(value);
  return (
    <div className="photo-preview">
      {src ? (
        <img src={src} alt={side === 'front' ? t('card.photos.front') : t('card.photos.back')} />
      ) : (
        <div className="photo-preview-empty">
          <ImageIcon />
          <span>{t('card.editor.noPhoto')}</span>
        </div>
      )}
    </div>
  );
}
