import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExchangeRoom, formatRoomCode } from '../../api/exchange';
import { exchangeCalls } from '../../clients/exchange';
import { useLiveConnected } from '../../db/hooks/exchange-room';
import { useGroup } from '../../db/hooks/groups';
import { useSyncState } from '../../db/hooks/session';
import { formatTime } from '../../lib/format-time';
import { errorText, isRequestError } from '../../lib/request/errors';
import { Avatar } from '../Avatar';
import { ConfirmDialog } from '../ConfirmDialog';
import { QrSvg } from '../share/QrSvg';
import { qrMatrix } from '../share/qr';
import { toast } from '../toast';
import { useBusy } from '../use-busy';

/**
 * The room as its host or a joiner sees it, from IndexedDB: the live count arrives by push (the
 * sync worker writes it), the faces by a read of the room when the count changes (throttled),
 * and a read every POLL_MS in case a push was lost. The end (exchanged or dismissed) arrives the
 * same way; an exchange then lands on the new group in /friendsList once the pull brought it.
 */
const POLL_MS = 15_000;
const FACES_THROTTLE_MS = { host: 1_500, joiner: 10_000 } as const;

type Ask = 'start' | 'dismiss' | 'leave' | null;

export function RoomView(props: { room: ExchangeRoom; onRejoin: () => void; onOffline: () => void }) {
  const { room } = props;
  const expired = room.status === 'expired' || (room.status === 'open' && room.expires_at <= Date.now());
  useRoomRefresh(room, !expired && room.status === 'open');
  if (room.status === 'exchanged') return <Exchanged room={room} />;
  if (room.status === 'dismissed' || expired) return <Ended kind={expired ? 'expired' : 'dismissed'} />;
  if (room.left) return <Left onRejoin={props.onRejoin} />;
  return <OpenRoom room={room} onOffline={props.onOffline} />;
}

/** Reads the room again when its count changed (faces), and now and then (a lost push). */
function useRoomRefresh(room: ExchangeRoom, open: boolean): void {
  const last = useRef(0);
  const code = room.room_code;
  const throttle = FACES_THROTTLE_MS[room.role];
  const count = room.member_num;
  const shown = useRef(count);
  useEffect(() => {
    if (!open || count === shown.current) return;
    shown.current = count;
    const wait = Math.max(0, last.current + throttle - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void exchangeCalls.read(code).catch(() => undefined);
    }, wait);
    return () => clearTimeout(timer);
  }, [open, code, count, throttle]);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => void exchangeCalls.read(code).catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [open, code]);
  // One who left no longer hears the room, but the start tells every member's devices to pull:
  // after a pull, see whether it was the start.
  const lastSyncAt = useSyncState().lastSyncAt;
  const left = room.left;
  useEffect(() => {
    if (open && left && lastSyncAt > 0) void exchangeCalls.read(code).catch(() => undefined);
  }, [open, left, code, lastSyncAt]);
}

function OpenRoom({ room, onOffline }: { room: ExchangeRoom; onOffline: () => void }) {
  const { t } = useTranslation();
  const [ask, setAsk] = useState<Ask>(null);
  const { busy, run } = useBusy();
  const live = useLiveConnected();

  const act = async (what: Exclude<Ask, null>) => {
    setAsk(null);
    try {
      await run(async () => {
        await exchangeCalls.act(what, room.room_code);
      });
    } catch (err) {
      if (isRequestError(err) && (err.kind === 'network' || err.kind === 'timeout')) onOffline();
      else toast(errorText(err), 'error');
      // The room may have changed meanwhile (started elsewhere, expired): show it as it is.
      void exchangeCalls.read(room.room_code).catch(() => undefined);
    }
  };

  const host = room.role === 'host';
  const until = formatTime(room.expires_at, 'time');
  return (
    <section className="exchange-room" data-testid={host ? 'exchange-host' : 'exchange-waiting'}>
      <header className="exchange-head">
        <h1>{room.name || t('exchange.title')}</h1>
        <p className={`exchange-live${live ? ' on' : ''}`}>
          <span aria-hidden="true" /> {live ? t('exchange.room.live') : t('exchange.room.notLive')}
        </p>
      </header>
      {host ? <RoomCode room={room} /> : null}
      <p className="exchange-count" role="status" aria-live="polite" data-testid="exchange-count">
        {t('exchange.room.members', { count: room.member_num })}
      </p>
      <Faces room={room} />
      {host ? (
        <div className="exchange-actions">
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || room.member_num < 2}
            onClick={() => setAsk('start')}
          >
            {t('exchange.room.start')}
          </button>
          {room.member_num < 2 ? <p className="exchange-hint">{t('exchange.room.needTwo')}</p> : null}
          <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => setAsk('dismiss')}>
            {t('exchange.room.dismiss')}
          </button>
        </div>
      ) : (
        <div className="exchange-actions">
          <p className="exchange-waiting">
            <span className="exchange-spinner" aria-hidden="true" />
            {t('exchange.room.waiting')}
          </p>
          <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => setAsk('leave')}>
            {t('exchange.room.leave')}
          </button>
        </div>
      )}
      <p className="exchange-hint">{t('exchange.room.until', { time: until })}</p>
      {ask ? (
        <ConfirmDialog
          title={t(`exchange.room.${ask}Title`)}
          body={t(`exchange.room.${ask}Body`)}
          confirmLabel={t(`exchange.room.${ask}`)}
          cancelLabel={t('app.common.cancel')}
          onConfirm={() => void act(ask)}
          onCancel={() => setAsk(null)}
        />
      ) : null}
    </section>
  );
}

function RoomCode({ room }: { room: ExchangeRoom }) {
  const { t } = useTranslation();
  const matrix = useMemo(() => qrMatrix(room.link), [room.link]);
  const share = async () => {
    try {
      if (navigator.share) await navigator.share({ title: room.name || t('exchange.title'), url: room.link });
      else {
        await navigator.clipboard.writeText(room.link);
        toast(room.link, 'info');
      }
    } catch {
      // The share sheet was closed: nothing to say.
    }
  };
  return (
    <div className="exchange-code-card">
      <QrSvg matrix={matrix} label={room.link} className="exchange-qr" />
      <p className="exchange-hint">{t('exchange.room.scanHint')}</p>
      <p className="exchange-code" data-testid="exchange-code">
        <span className="visually-hidden">{t('exchange.room.code')} </span>
        {formatRoomCode(room.room_code)}
      </p>
      <button type="button" className="btn btn-ghost" onClick={() => void share()}>
        {t('exchange.room.share')}
      </button>
    </div>
  );
}

function Faces({ room }: { room: ExchangeRoom }) {
  const { t } = useTranslation();
  if (room.members.length === 0) return null;
  return (
    <section aria-label={t('exchange.room.faces')}>
      <ul className="exchange-faces" data-testid="exchange-faces">
        {room.members.map((m) => (
          <li key={m.user_id}>
            <Avatar src={m.avatar} name={m.name} size={44} />
            <span className="exchange-face-name">{m.name}</span>
            {m.is_host ? <span className="exchange-face-tag">{t('exchange.room.hostBadge')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The exchange happened: waits for the pull to bring the new group, then opens it. */
function Exchanged({ room }: { room: ExchangeRoom }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = room.my_group_id;
  // A push said it ended: the answer naming my new group is one read away.
  useEffect(() => {
    if (groupId === 0) void exchangeCalls.read(room.room_code).catch(() => undefined);
  }, [groupId, room.room_code]);
  const group = useGroup(groupId);
  useEffect(() => {
    if (group) void navigate({ to: '/friendsList', search: { group: group.group_id } as never });
  }, [group, navigate]);
  return (
    <section className="exchange-panel exchange-done" role="status" data-testid="exchange-done">
      <h1>{t('exchange.done.exchanged')}</h1>
      <p>{t('exchange.done.exchangedBody', { name: group?.group_name ?? room.name ?? '' })}</p>
      {group ? null : (
        <p className="exchange-waiting">
          <span className="exchange-spinner" aria-hidden="true" />
          {t('exchange.done.loading')}
        </p>
      )}
    </section>
  );
}

function Ended({ kind }: { kind: 'dismissed' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <section className="exchange-panel" role="status" data-testid={`exchange-${kind}`}>
      <h1>{t(`exchange.done.${kind}`)}</h1>
      <p>{t(`exchange.done.${kind}Body`)}</p>
      <div className="exchange-actions">
        <Link to="/exchange" className="btn btn-primary">
          {t('exchange.done.again')}
        </Link>
        <Link to="/" className="btn btn-ghost">
          {t('exchange.done.home')}
        </Link>
      </div>
    </section>
  );
}

function Left({ onRejoin }: { onRejoin: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="exchange-panel" role="status" data-testid="exchange-left">
      <h1>{t('exchange.done.left')}</h1>
      <p>{t('exchange.done.leftBody')}</p>
      <div className="exchange-actions">
        <button type="button" className="btn btn-primary" onClick={onRejoin}>
          {t('exchange.join.submit')}
        </button>
        <Link to="/" className="btn btn-ghost">
          {t('exchange.done.home')}
        </Link>
      </div>
    </section>
  );
}
