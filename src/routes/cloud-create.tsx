import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloudRow } from '../api';
import { ocrClient } from '../browser/ocr-client';
import { type Duplicate, findDuplicate, type Recognizer, rowsOfScan, type ScanQueue } from '../browser/scan-queue';
import { CloudCardEditor } from '../components/cloud/CloudCardEditor';
import { BackIcon } from '../components/icons';
import { CameraView, PhotoIcon, PhotoPickButton } from '../components/scan/CameraView';
import { type Camera, compressPhoto, shootFrame, useBlobUrl, useCamera } from '../components/scan/camera';
import { type Readiness, useOcrReadiness } from '../components/scan/hooks';
import { toast } from '../components/toast';
import { useOnline } from '../components/use-online';
import { type CloudCardRow, cloudCardTitle, newCloudId, type ScanRow } from '../db';
import { useCloudCards } from '../db/hooks/cloud';
import { useScans } from '../db/hooks/scans';
import { enqueue } from '../db/outbox';
import { myScanArea, scanStore, signedOutDbOpen } from '../db/scans';
import { useSignedIn } from '../session/signed-in';
import './scan-qr-code.css';
import './cloud-create.css';
import { useBusy } from '../components/use-busy';

/**
 * /cloud/create, the event-mode scanner (issue 12): the camera stays open and every shot (or
 * picked photo) is kept in IndexedDB at once, while recognition runs in the background one shot
 * at a time (src/browser/scan-queue.ts, one runner per browser). The review tab lists the shots
 * newest first with their fields, to correct, merge into a card they duplicate, save one by one
 * or all at once (each becomes a cloud card with the shot as its photo), or discard with undo.
 * "Type a card" is plain manual entry. All of it works offline; the cards sync when online.
 */

type Tab = 'camera' | 'review';

/** Recognition in the user's area (mainland numbers and Simplified Chinese for 'ch'). */
const recognize: Recognizer = async (image) => ocrClient().recognize(image, { area: await myScanArea() });

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName));

export function CloudCreatePage() {
  const { t } = useTranslation();
  const online = useOnline();
  const scans = useScans();
  const { readiness, prepare } = useOcrReadiness(online);
  const [tab, setTab] = useState<Tab>('camera');
  const [manual, setManual] = useState(false);
  const canRecognize = useRecognitionQueue(readiness, online, scans);
  const signedIn = useSignedIn();
  useSignedOutDatabase(signedIn);
  return (
    <main className="page scan-page cloud-scan-page" data-queue={canRecognize ? 'running' : 'waiting'}>
      <Link to="/cloud/list" className="scan-back">
        <BackIcon />
        {t('cardscan.back')}
      </Link>
      <h1>{manual ? t('cardscan.manual.title') : t('cardscan.title')}</h1>
      {signedIn ? null : <SignedOutNote />}
      {manual ? (
        <ManualEntry onClose={() => setManual(false)} />
      ) : (
        <>
          <ScanTabs tab={tab} count={scans?.length ?? 0} onTab={setTab} />
          <ReadinessNote readiness={readiness} online={online} onPrepare={prepare} />
          {tab === 'camera' ? (
            <Shooter onReview={() => setTab('review')} onManual={() => setManual(true)} scans={scans} />
          ) : (
            <ReviewQueue scans={scans} onManual={() => setManual(true)} />
          )}
        </>
      )}
    </main>
  );
}

/**
 * The recognition queue runs while this screen is open, when recognition can work (ready, or
 * online to fetch); true then. New shots poke it.
 */
function useRecognitionQueue(readiness: Readiness, online: boolean, scans: ScanRow[] | undefined): boolean {
  const canRecognize = readiness.state === 'ready' || (online && readiness.state !== 'checking');
  const queueRef = useRef<ScanQueue | null>(null);
  useEffect(() => {
    if (!canRecognize) return;
    const queue = scanStore.startQueue(recognize);
    queueRef.current = queue;
    return () => {
      queueRef.current = null;
      queue.stop();
    };
  }, [canRecognize]);
  const queued = scans?.filter((s) => s.status === 'queued').length ?? 0;
  useEffect(() => {
    if (queued > 0) queueRef.current?.poke();
  }, [queued]);
  return canRecognize;
}

/**
 * Signed out, shots and cards are kept in the signed-out database, which the next account to
 * sign in takes in (src/db/legacy-db.ts). A page signed out a moment ago still has the last
 * account's database open: load again on the signed-out one rather than give them to it.
 */
function useSignedOutDatabase(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn && !signedOutDbOpen()) location.reload();
  }, [signedIn]);
}

function SignedOutNote() {
  const { t } = useTranslation();
  return (
    <p className="cloud-scan-note cloud-scan-signed-out" role="note" data-testid="signed-out-note">
      <span>{t('cardscan.signedOut.note')}</span>
      <Link to="/login" className="btn btn-secondary">
        {t('cardscan.signedOut.signIn')}
      </Link>
    </p>
  );
}

/** The camera and review tabs; the review tab counts the shots. */
function ScanTabs({ tab, count, onTab }: { tab: Tab; count: number; onTab(tab: Tab): void }) {
  const { t } = useTranslation();
  return (
    <div className="cloud-scan-tabs" role="tablist" aria-label={t('cardscan.title')}>
      <button
        type="button"
        role="tab"
        id="scan-tab-camera"
        aria-selected={tab === 'camera'}
        aria-controls="scan-panel-camera"
        onClick={() => onTab('camera')}
      >
        {t('cardscan.tabs.camera')}
      </button>
      <button
        type="button"
        role="tab"
        id="scan-tab-review"
        aria-selected={tab === 'review'}
        aria-controls="scan-panel-review"
        onClick={() => onTab('review')}
      >
        {t('cardscan.tabs.review')}
        {count > 0 ? <span className="cloud-scan-count">{count}</span> : null}
      </button>
    </div>
  );
}

function ReadinessNote({ readiness, online, onPrepare }: { readiness: Readiness; online: boolean; onPrepare(): void }) {
  const { t } = useTranslation();
  if (readiness.state === 'checking') return null;
  if (readiness.state === 'ready') {
    return (
      <p className="cloud-scan-ready" data-testid="ocr-readiness" data-state="ready">
        <span aria-hidden="true">✓</span> {t('cardscan.ready.ok')}
      </p>
    );
  }
  if (readiness.state === 'preparing') {
    const percent = Math.round(readiness.done * 100);
    return (
      <div className="cloud-scan-note" role="status" data-testid="ocr-readiness" data-state="preparing">
        <span>{t('cardscan.ready.needs', { size: megabytes(readiness.bytes) })}</span>
        <span>{t('cardscan.ready.preparing', { percent })}</span>
        <progress max={100} value={percent} aria-label={t('cardscan.ready.preparing', { percent })} />
      </div>
    );
  }
  return (
    <div
      className="cloud-scan-note cloud-scan-note-warning"
      role="status"
      data-testid="ocr-readiness"
      data-state="missing"
    >
      <span>{t('cardscan.ready.needs', { size: megabytes(readiness.bytes) })}</span>
      {online ? (
        <>
          {readiness.state === 'failed' ? <span>{t('cardscan.ready.failed')}</span> : null}
          <button type="button" className="btn btn-secondary" onClick={onPrepare}>
            {t('cardscan.ready.prepare')}
          </button>
        </>
      ) : (
        <span>{t('cardscan.ready.offline')}</span>
      )}
    </div>
  );
}

function Shooter({ scans, onReview, onManual }: { scans: ScanRow[] | undefined; onReview(): void; onManual(): void }) {
  const { t } = useTranslation();
  const camera = useCamera();
  const shots = useShots(camera);
  const running = camera.status.state === 'running';
  useShutterKeys(running, shots.shoot);
  const failed = camera.status.state === 'error';
  const last = scans?.[0];
  return (
    <section id="scan-panel-camera" role="tabpanel" aria-labelledby="scan-tab-camera" className="cloud-scan-shooter">
      <CameraView camera={camera} texts="cardscan" frame="card">
        {shots.flash > 0 ? <div key={shots.flash} className="cloud-scan-flash" aria-hidden="true" /> : null}
      </CameraView>

      <p className="scan-notice" role="status" data-testid="shot-notice">
        {shots.notice || (failed ? '' : t('cardscan.hint'))}
      </p>

      <ShooterControls shots={shots} running={running} />

      <div className="cloud-scan-footer">
        <button type="button" className="btn btn-ghost" onClick={onManual}>
          {t('cardscan.manual.open')}
        </button>
        {last ? (
          <button type="button" className="cloud-scan-last" onClick={onReview}>
            <Thumb blob={last.front} />
            <span>{t('cardscan.review.open', { count: String(scans?.length ?? 0) })}</span>
          </button>
        ) : null}
      </div>
    </section>
  );
}

type Shots = ReturnType<typeof useShots>;

/**
 * Taking shots: from the camera (with a flash) or picked photos, each kept at once; with "Add
 * back" on, the next one is the back of the last card. `notice` says what happened.
 */
function useShots(camera: Camera) {
  const { t } = useTranslation();
  const [addBack, setAddBack] = useState(false);
  const [flash, setFlash] = useState(0);
  const [notice, setNotice] = useState('');
  const lastIdRef = useRef<string | null>(null);
  const busy = useRef(false);

  /** Keeps one shot: a new scan, or the back of the last one when "Add back" is on. */
  const keep = useCallback(
    async (blob: Blob) => {
      const lastId = lastIdRef.current;
      if (addBack && lastId !== null && (await scanStore.addBack(lastId, blob))) {
        setAddBack(false);
        setNotice(t('cardscan.shotBack'));
        return;
      }
      setAddBack(false);
      lastIdRef.current = await scanStore.add(blob);
      setNotice(t('cardscan.shot', { count: (await scanStore.count()).toString() }));
    },
    [addBack, t],
  );

  const { videoRef } = camera;
  const shoot = useCallback(async () => {
    const video = videoRef.current;
    if (!video || busy.current) return;
    busy.current = true;
    try {
      const blob = await shootFrame(video);
      if (!blob) return;
      setFlash((n) => n + 1);
      await keep(blob);
    } catch (error) {
      console.error('shot', error);
      setNotice(t('cardscan.shotFailed'));
    } finally {
      busy.current = false;
    }
  }, [keep, t, videoRef]);

  const addPhotos = async (files: File[]) => {
    let bad = 0;
    for (const file of files) {
      try {
        await keep(await compressPhoto(file));
      } catch (error) {
        console.error('photo', error);
        bad += 1;
      }
    }
    if (bad > 0) setNotice(t('cardscan.unreadable'));
  };

  const hasLast = lastIdRef.current !== null;
  return { shoot, addPhotos, addBack, toggleAddBack: () => setAddBack((on) => !on), hasLast, flash, notice };
}

/** Space or Enter, outside a field or button, takes a shot while the camera runs. */
function useShutterKeys(running: boolean, shoot: () => Promise<void>): void {
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === ' ' || event.key === 'Enter') && !isTyping(event.target) && !event.repeat) {
        event.preventDefault();
        void shoot();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, shoot]);
}

/** Under the picture: add photos, the shutter, and "Add back". */
function ShooterControls({ shots, running }: { shots: Shots; running: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="cloud-scan-controls">
      <PhotoPickButton
        label={t('cardscan.photos')}
        className="cloud-scan-side"
        multiple
        testId="scan-files"
        onFiles={(files) => void shots.addPhotos(files)}
      >
        <PhotoIcon size={22} />
        <span>{t('cardscan.photos')}</span>
      </PhotoPickButton>
      <button
        type="button"
        className="cloud-scan-shutter"
        aria-label={shots.addBack ? t('cardscan.shutterBack') : t('cardscan.shutter')}
        disabled={!running}
        onClick={() => void shots.shoot()}
      >
        <span className="cloud-scan-shutter-dot" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="cloud-scan-side"
        aria-pressed={shots.addBack}
        disabled={!shots.hasLast && !shots.addBack}
        onClick={shots.toggleAddBack}
      >
        <FlipIcon />
        <span>{t('cardscan.addBack')}</span>
      </button>
    </div>
  );
}

function ReviewQueue({ scans, onManual }: { scans: ScanRow[] | undefined; onManual(): void }) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const [discarded, setDiscarded] = useDiscarded();
  const duplicates = useDuplicates(scans);

  if (scans === undefined) return <div className="cloud-scan-list" aria-busy="true" />;
  const discard = async (scan: ScanRow) => {
    await scanStore.discard(scan.id);
    setDiscarded(scan);
    if (openId === scan.id) setOpenId(null);
  };

  return (
    <section id="scan-panel-review" role="tabpanel" aria-labelledby="scan-tab-review" className="cloud-scan-review">
      <SaveAllReady ready={scans.filter((s) => s.status === 'ready').length} />
      {scans.length === 0 ? (
        <div className="cloud-scan-empty">
          <p>{t('cardscan.review.empty')}</p>
          <button type="button" className="btn btn-ghost" onClick={onManual}>
            {t('cardscan.manual.open')}
          </button>
        </div>
      ) : (
        <ul className="cloud-scan-list" aria-label={t('cardscan.tabs.review')}>
          {scans.map((scan) => (
            <ScanItem
              key={scan.id}
              scan={scan}
              duplicate={duplicates.get(scan.id) ?? null}
              open={openId === scan.id}
              onToggle={() => setOpenId(openId === scan.id ? null : scan.id)}
              onDiscard={() => void discard(scan)}
            />
          ))}
        </ul>
      )}
      {discarded ? <DiscardUndo scan={discarded} onDone={() => setDiscarded(null)} /> : null}
    </section>
  );
}

/** The scan just discarded, offered back for 8 seconds. */
function useDiscarded(): [ScanRow | null, (scan: ScanRow | null) => void] {
  const [discarded, setDiscarded] = useState<ScanRow | null>(null);
  useEffect(() => {
    if (!discarded) return;
    const timer = setTimeout(() => setDiscarded(null), 8000);
    return () => clearTimeout(timer);
  }, [discarded]);
  return [discarded, setDiscarded];
}

/** Each scan's duplicate, among the cloud cards and the other scans, by scan id. */
function useDuplicates(scans: ScanRow[] | undefined): Map<string, Duplicate> {
  const cards = useCloudCards();
  return useMemo(() => {
    const found = new Map<string, Duplicate>();
    for (const scan of scans ?? []) {
      const dup = findDuplicate(scan, cards ?? [], scans ?? []);
      if (dup) found.set(scan.id, dup);
    }
    return found;
  }, [scans, cards]);
}

/** "Save all ready (n)": each recognized scan becomes a cloud card. */
function SaveAllReady({ ready }: { ready: number }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const { busy: saving, run } = useBusy();
  const saveAll = async () => {
    await run(async () => {
      const saved = await scanStore.saveAllReady();
      const count = String(saved);
      toast(
        signedIn ? t('cardscan.review.savedAll', { count }) : t('cardscan.signedOut.savedAll', { count }),
        'success',
      );
    });
  };
  return (
    <div className="cloud-scan-review-head">
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={ready === 0 || saving}
        onClick={() => void saveAll()}
      >
        {t('cardscan.review.saveAll', { count: String(ready) })}
      </button>
    </div>
  );
}

function DiscardUndo({ scan, onDone }: { scan: ScanRow; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="cloud-scan-undo" role="status">
      <span>{t('cardscan.review.discarded')}</span>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => {
          void scanStore.restore(scan);
          onDone();
        }}
      >
        {t('cardscan.review.undo')}
      </button>
    </div>
  );
}

const fieldsTitle = (scan: ScanRow): string => {
  const f = scan.fields;
  return f ? f.name || f.english_name || f.company[0] || '' : '';
};

const duplicateName = (dup: Duplicate): string =>
  dup.kind === 'card' ? cloudCardTitle(dup.card) : fieldsTitle(dup.scan);

type ScanItemProps = {
  scan: ScanRow;
  duplicate: Duplicate | null;
  open: boolean;
  onToggle(): void;
  onDiscard(): void;
};

function ScanItem({ scan, duplicate, open, onToggle, onDiscard }: ScanItemProps) {
  const { t } = useTranslation();
  const title = fieldsTitle(scan) || t('cardscan.review.untitled');
  const done = scan.status === 'ready' || scan.status === 'failed';
  const merge = async () => {
    if (!duplicate) return;
    const name = duplicateName(duplicate);
    const merged =
      duplicate.kind === 'card'
        ? await scanStore.mergeIntoCard(scan.id, duplicate.card.id)
        : await scanStore.mergeIntoScan(scan.id, duplicate.scan.id);
    if (merged) toast(t('cardscan.review.merged', { name }), 'success');
  };
  return (
    <li className="cloud-scan-item" data-status={scan.status} data-testid="scan-item">
      <ScanItemHead scan={scan} title={title} done={done} open={open} onToggle={onToggle} />
      {duplicate ? (
        <div className="cloud-scan-dup">
          <span>{t('cardscan.review.duplicate', { name: duplicateName(duplicate) || '…' })}</span>
          <button type="button" className="btn btn-secondary" onClick={() => void merge()}>
            {t('cardscan.review.merge')}
          </button>
        </div>
      ) : null}
      {open && done ? <ScanFields scan={scan} /> : null}
      <ScanItemActions scan={scan} title={title} done={done} open={open} onToggle={onToggle} onDiscard={onDiscard} />
    </li>
  );
}

/** The shot's thumbnail, its title and first details, and its recognition status; opens the fields. */
function ScanItemHead({
  scan,
  title,
  done,
  open,
  onToggle,
}: {
  scan: ScanRow;
  title: string;
  done: boolean;
  open: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const subtitle = scan.fields
    ? [scan.fields.company[0], scan.fields.tel[0], scan.fields.email[0]].filter(Boolean)
    : [];
  return (
    <button type="button" className="cloud-scan-item-head" aria-expanded={open} disabled={!done} onClick={onToggle}>
      <Thumb blob={scan.front} />
      <span className="cloud-scan-item-text">
        <strong>{done ? title : t(`cardscan.status.${scan.status}`)}</strong>
        {done && subtitle.length > 0 ? <span>{subtitle.join(' · ')}</span> : null}
        <span className="cloud-scan-status" data-testid="scan-status">
          {done ? null : <span className="spinner" aria-hidden="true" />}
          {t(`cardscan.status.${scan.status}`)}
          {scan.back ? ` · ${t('cardscan.review.hasBack')}` : ''}
        </span>
      </span>
    </button>
  );
}

/** Save, retry a failed recognition, correct, discard. */
function ScanItemActions({
  scan,
  title,
  done,
  open,
  onToggle,
  onDiscard,
}: Omit<ScanItemProps, 'duplicate'> & { title: string; done: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const save = async () => {
    if (await scanStore.save(scan.id)) {
      toast(signedIn ? t('cardscan.review.saved') : t('cardscan.signedOut.saved'), 'success');
    }
  };
  return (
    <div className="cloud-scan-item-actions">
      {done ? (
        <button type="button" className="btn btn-secondary" onClick={() => void save()}>
          {t('cardscan.review.save')}
        </button>
      ) : null}
      {scan.status === 'failed' ? (
        <button type="button" className="btn btn-ghost" onClick={() => void scanStore.retry(scan.id)}>
          {t('cardscan.review.retry')}
        </button>
      ) : null}
      {done ? (
        <button type="button" className="btn btn-ghost" aria-expanded={open} onClick={onToggle}>
          {open ? t('cardscan.review.close') : t('cardscan.review.edit')}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost cloud-scan-discard"
        aria-label={t('cardscan.review.discardOf', { name: title })}
        onClick={onDiscard}
      >
        {t('cardscan.review.discard')}
      </button>
    </div>
  );
}

/** The scan's fields as cloud rows, corrected in place; every change is kept in IndexedDB. */
function ScanFields({ scan }: { scan: ScanRow }) {
  const [rows, setRows] = useState<CloudRow[]>(() => rowsOfScan(scan));
  const onChange = (next: CloudRow[]) => {
    setRows(next);
    void scanStore.editRows(scan.id, next);
  };
  return (
    <div className="cloud-scan-fields">
      <CloudCardEditor rows={rows} onChange={onChange} />
    </div>
  );
}

function ManualEntry({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [rows, setRows] = useState<CloudRow[]>([{ key: 'name', value: '' }]);
  const [error, setError] = useState('');
  const save = async () => {
    const filled = rows.filter((r) => r.value.trim() !== '');
    if (filled.length === 0) {
      setError(t('cardscan.manual.empty'));
      return;
    }
    const card: Pick<CloudCardRow, 'extension'> = { extension: filled };
    await enqueue('addCloudCard', { id: newCloudId(), photo: '', photo_bg: '', extension: filled, group_id: '' });
    toast(
      signedIn ? t('cardscan.manual.saved', { name: cloudCardTitle(card) }) : t('cardscan.signedOut.saved'),
      'success',
    );
    onClose();
  };
  return (
    <section className="cloud-scan-manual">
      <CloudCardEditor
        rows={rows}
        onChange={(next) => {
          setError('');
          setRows(next);
        }}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cloud-scan-item-actions">
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          {t('cardscan.manual.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('cardscan.manual.cancel')}
        </button>
      </div>
    </section>
  );
}

function Thumb({ blob }: { blob: Blob }) {
  const url = useBlobUrl(blob);
  return <span className="cloud-scan-thumb">{url ? <img src={url} alt="" /> : null}</span>;
}

const FlipIcon = () => (
  <svg aria-hidden="true" width={22} height={22} viewBox="0 0 24 24" fill="none">
    <g stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="6" width="13" height="9" rx="1.5" />
      <path d="M8 18h11a2 2 0 0 0 2-2V9" />
      <path d="m18 12 3-3 3 3" />
    </g>
  </svg>
);
