import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '../../api';
import { enqueue, stageFile } from '../../db/outbox';
import { Avatar } from '../Avatar';
import { toast } from '../toast';
import { useDismiss } from '../use-dismiss';
import { croppedSquare } from './crop';
import './avatar.css';
import { useBusy } from '../use-busy';

const MB = Math.round(AVATAR_MAX_BYTES / (1024 * 1024));

/**
 * My avatar on /editMyProfile: pick a photo (or take one), crop it to a square (drag, zoom, or the
 * arrow keys and the slider), see the result, then use it. The square is kept on this device and
 * made my avatar at once (the top bar shows it), offline too: the sync worker uploads it and sends
 * the change naming it (setProfile's avatar), so my shared card shows it once it is online.
 */
export function AvatarEditor(props: { avatar: string; name: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast(t('auth.avatar.notImage'), 'error');
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  return (
    <section className="avatar-edit" aria-label={t('auth.avatar.title')}>
      <Avatar src={props.avatar} name={props.name} size={72} />
      <div className="avatar-edit-actions">
        <label htmlFor={inputId} className="btn btn-secondary btn-inline">
          {props.avatar ? t('auth.avatar.change') : t('auth.avatar.add')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          data-testid="avatar-input"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {source ? <CropDialog source={source} onDone={() => setSource(null)} /> : null}
    </section>
  );
}

/** The crop step: place and zoom the photo, preview the square, then use it (or go back). */
function CropDialog({ source, onDone }: { source: string; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = useDismiss<HTMLButtonElement>(onDone);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const area = useRef<Area | null>(null);
  const { preview, showPreview, setPreview } = usePreview(source, area);
  const { saving, save } = useSave(source, area, onDone);

  return (
    <div className="modal-backdrop">
      <div className="modal avatar-crop" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('auth.avatar.cropTitle')}</h2>
        {preview ? (
          <div className="avatar-preview">
            <img src={preview} alt={t('auth.avatar.previewAlt')} width={160} height={160} />
          </div>
        ) : (
          <CropArea source={source} crop={crop} zoom={zoom} onCrop={setCrop} onZoom={setZoom} area={area} />
        )}
        {preview ? null : <ZoomSlider zoom={zoom} onZoom={setZoom} />}
        <div className="modal-actions">
          <button ref={close} type="button" className="btn btn-ghost" onClick={onDone}>
            {t('app.common.cancel')}
          </button>
          {preview ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setPreview(null)}>
                {t('auth.avatar.back')}
              </button>
              <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save()}>
                {saving ? t('auth.avatar.saving') : t('auth.avatar.use')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void showPreview()}>
              {t('auth.avatar.previewButton')}
            </button>
          )}
        </div>
        <p className="muted avatar-note">{t('auth.avatar.limit', { max: MB })}</p>
      </div>
    </div>
  );
}

/** The cropped square shown before it is used (an object URL, let go when it changes). */
function usePreview(source: string, area: RefObject<Area | null>) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const showPreview = async () => {
    if (!area.current) return;
    const blob = await croppedSquare(source, area.current);
    setPreview(URL.createObjectURL(blob));
  };
  return { preview, showPreview, setPreview };
}

/** Keeping the cropped square as my avatar (the outbox sends it), then closing; a failure says why. */
function useSave(source: string, area: RefObject<Area | null>, onDone: () => void) {
  const { t } = useTranslation();
  const { busy: saving, run } = useBusy();
  const save = async () => {
    const crop = area.current;
    if (!crop) return;
    try {
      await run(async () => {
        const avatar = await stageFile(await croppedSquare(source, crop), 'avatar');
        await enqueue('setProfile', { avatar });
        toast(navigator.onLine ? t('auth.avatar.saved') : t('auth.profile.savedOffline'), 'success');
        onDone();
      });
    } catch (err) {
      toast(err instanceof Error ? err.message : t('auth.avatar.failed'), 'error');
    }
  };
  return { saving, save };
}

/** The photo under a round crop: drag or the arrow keys place it; its pixels go to `area`. */
function CropArea(props: {
  source: string;
  crop: Point;
  zoom: number;
  onCrop: (crop: Point) => void;
  onZoom: (zoom: number) => void;
  area: RefObject<Area | null>;
}) {
  return (
    // The cropper takes the arrow keys itself (keyboardStep); the slider below zooms.
    <div className="avatar-crop-area">
      <Cropper
        image={props.source}
        crop={props.crop}
        zoom={props.zoom}
        aspect={1}
        cropShape="round"
        showGrid={false}
        keyboardStep={10}
        disableAutomaticStylesInjection
        onCropChange={props.onCrop}
        onZoomChange={props.onZoom}
        onCropComplete={(_, pixels) => {
          props.area.current = pixels;
        }}
      />
    </div>
  );
}

/** The zoom slider, for those who do not pinch or scroll. */
function ZoomSlider({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation();
  const zoomId = useId();
  return (
    <div className="avatar-zoom">
      <label htmlFor={zoomId}>{t('auth.avatar.zoom')}</label>
      <input
        id={zoomId}
        type="range"
        min={1}
        max={4}
        step={0.05}
        value={zoom}
        onChange={(e) => onZoom(Number(e.target.value))}
      />
    </div>
  );
}
