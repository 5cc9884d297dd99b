import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '../../api';
import { profileCalls } from '../../clients/profile';
import { Avatar } from '../Avatar';
import { toast } from '../toast';
import { useDismiss } from '../use-dismiss';
import { croppedSquare } from './crop';
import './avatar.css';
import { useBusy } from '../use-busy';

const MB = Math.round(AVATAR_MAX_BYTES / (1024 * 1024));

/**
 * My avatar on /editMyProfile: pick a photo (or take one), crop it to a square (drag, zoom, or the
 * arrow keys and the slider), see the result, then upload it (POST /api/user/uploadAvatar). The
 * server keeps one re-encoded copy; the profile row takes its URL at once, so the top bar and my
 * shared card show it. It needs the network: offline the button says so instead.
 */
export function AvatarEditor(props: { avatar: string; name: string; online: boolean }) {
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
        {props.online ? (
          <label htmlFor={inputId} className="btn btn-secondary btn-inline">
            {props.avatar ? t('auth.avatar.change') : t('auth.avatar.add')}
          </label>
        ) : (
          <p className="muted">{t('auth.avatar.offline')}</p>
        )}
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          data-testid="avatar-input"
          disabled={!props.online}
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

function CropDialog({ source, onDone }: { source: string; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const zoomId = useId();
  const close = useDismiss<HTMLButtonElement>(onDone);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const area = useRef<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { busy: saving, run } = useBusy();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const showPreview = async () => {
    if (!area.current) return;
    const blob = await croppedSquare(source, area.current);
    setPreview(URL.createObjectURL(blob));
  };

  const save = async () => {
    const crop = area.current;
    if (!crop) return;
    try {
      await run(async () => {
        await profileCalls.uploadAvatar(await croppedSquare(source, crop));
        toast(t('auth.avatar.saved'), 'success');
        onDone();
      });
    } catch (err) {
      toast(err instanceof Error ? err.message : t('auth.avatar.failed'), 'error');
    }
  };

  return (
    <div className="modal-backdrop">
      <div className="modal avatar-crop" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('auth.avatar.cropTitle')}</h2>
        {preview ? (
          <div className="avatar-preview">
            <img src={preview} alt={t('auth.avatar.previewAlt')} width={160} height={160} />
          </div>
        ) : (
          // The cropper takes the arrow keys itself (keyboardStep); the slider below zooms.
          <div className="avatar-crop-area">
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              keyboardStep={10}
              disableAutomaticStylesInjection
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => {
                area.current = pixels;
              }}
            />
          </div>
        )}
        {preview ? null : (
          <div className="avatar-zoom">
            <label htmlFor={zoomId}>{t('auth.avatar.zoom')}</label>
            <input
              id={zoomId}
              type="range"
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </div>
        )}
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
