import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ExchangePreview,
  type ExchangeRoom,
  formatRoomCode,
  isRoomCode,
  normaliseRoomCode,
} from '../api/exchange';
import { exchangeCalls } from '../clients/exchange';
import { QuickCard } from '../components/exchange/QuickCard';
import { RoomView } from '../components/exchange/RoomView';
import { Field } from '../components/forms';
import { ExchangeIcon } from '../components/icons';
import { useExchangeRoom } from '../db/hooks/exchange-room';
import { useSession } from '../db/hooks/session';
import { i18n } from '../i18n';
import { isRequestError } from '../lib/request/errors';
import { rememberReturnPath } from '../session/return-path';
import '../components/exchange/exchange.css';
import { useBusy } from '../components/use-busy';

/**
 * Group card exchange screens (src/api/exchange.ts). /exchange: host a room, or join one by its
 * code or its QR code. /ex/{room_code}: join that room, then the room itself (host or joiner),
 * live from IndexedDB, where the sync worker writes the room's pushes.
 */

/** What a failed call means on these screens. */
type Failure = { kind: 'offline' } | { kind: 'needsCard' } | { kind: 'message'; message: string };

function failureOf(err: unknown): Failure {
  if (!navigator.onLine || (isRequestError(err) && (err.kind === 'network' || err.kind === 'timeout'))) {
    return { kind: 'offline' };
  }
  const message = isRequestError(err) ? (err.serverMessage ?? err.message) : String(err);
  return { kind: 'message', message };
}

/** The server's "make your card first" refusal (join or create), told in the request's language. */
const needsCard = (err: unknown) =>
  isRequestError(err) && err.status === 400 && err.serverMessage === i18n.t('server.exchangeNeedsCard');

function SignInFirst() {
  const { t } = useTranslation();
  useEffect(() => rememberReturnPath(location.pathname), []);
  return (
    <section className="exchange-panel" data-testid="exchange-sign-in">
      <p>{t('exchange.signIn.body')}</p>
      <div className="exchange-actions">
        <Link to="/login" className="btn btn-primary btn-block">
          {t('exchange.signIn.login')}
        </Link>
        <Link to="/register" className="btn btn-ghost btn-block">
          {t('exchange.signIn.register')}
        </Link>
      </div>
    </section>
  );
}

function Offline({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="exchange-panel" role="alert" data-testid="exchange-offline">
      <h2>{t('exchange.offline.title')}</h2>
      <p>{t('exchange.offline.body')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('exchange.offline.retry')}
      </button>
    </section>
  );
}

// /exchange -------------------------------------------------------------------------------------

export function ExchangeStartPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <main className="page exchange-page">
      <header className="exchange-head">
        <span className="exchange-badge" aria-hidden="true">
          <ExchangeIcon />
        </span>
        <h1>{t('exchange.title')}</h1>
        <p>{t('exchange.intro')}</p>
      </header>
      {session === undefined ? null : session === null ? <SignInFirst /> : <StartForms />}
    </main>
  );
}

function StartForms() {
  const { t } = useTranslation();
  const kept = useExchangeRoom();
  const start = useStartForms();

  if (start.failure?.kind === 'needsCard') return <QuickCard onDone={() => void start.open()} />;
  const mine = kept && kept.role === 'host' && kept.status === 'open' && kept.expires_at > Date.now() ? kept : null;
  return (
    <>
      {mine ? (
        <Link to="/ex/$roomCode" params={{ roomCode: mine.room_code }} className="btn btn-secondary btn-block">
          {t('exchange.host.back')} · {formatRoomCode(mine.room_code)}
        </Link>
      ) : null}
      <HostForm start={start} />
      <JoinByCodeForm start={start} />
    </>
  );
}

type Start = ReturnType<typeof useStartForms>;

/** Hosting a room (its name and password) and joining one by its typed code. */
function useStartForms() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');

  const open = async () => {
    setFailure(null);
    try {
      await run(async () => {
        const room = await exchangeCalls.create({ name, ...(password ? { password } : {}) });
        await navigate({ to: '/ex/$roomCode', params: { roomCode: room.room_code } });
      });
    } catch (err) {
      setFailure(needsCard(err) ? { kind: 'needsCard' } : failureOf(err));
    }
  };

  const onJoin = (e: FormEvent) => {
    e.preventDefault();
    const normal = normaliseRoomCode(code);
    if (!isRoomCode(normal)) {
      setCodeError(t('exchange.join.badCode'));
      return;
    }
    void navigate({ to: '/ex/$roomCode', params: { roomCode: normal } });
  };

  const onCode = (value: string) => {
    setCode(value.toUpperCase());
    setCodeError('');
  };

  return { name, setName, password, setPassword, busy, failure, open, code, codeError, onCode, onJoin };
}

function HostForm({ start }: { start: Start }) {
  const { t } = useTranslation();
  const { failure, busy } = start;
  return (
    <form
      className="exchange-panel"
      onSubmit={(e) => {
        e.preventDefault();
        void start.open();
      }}
      aria-labelledby="exchange-host-title"
    >
      <h2 id="exchange-host-title">{t('exchange.host.title')}</h2>
      <Field
        label={t('exchange.host.name')}
        value={start.name}
        maxLength={60}
        placeholder={t('exchange.host.namePlaceholder')}
        onChange={(e) => start.setName(e.target.value)}
      />
      <Field
        label={t('exchange.host.password')}
        value={start.password}
        maxLength={32}
        autoComplete="off"
        onChange={(e) => start.setPassword(e.target.value)}
      />
      <p className="exchange-hint">{t('exchange.host.passwordHint')}</p>
      {failure?.kind === 'offline' ? <Offline onRetry={() => void start.open()} /> : null}
      {failure?.kind === 'message' ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('exchange.host.opening') : t('exchange.host.open')}
      </button>
    </form>
  );
}

function JoinByCodeForm({ start }: { start: Start }) {
  const { t } = useTranslation();
  return (
    <form className="exchange-panel" onSubmit={start.onJoin} aria-labelledby="exchange-join-title">
      <h2 id="exchange-join-title">{t('exchange.join.title')}</h2>
      <Field
        label={t('exchange.join.code')}
        value={start.code}
        error={start.codeError || undefined}
        placeholder="ABCD-2345"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        maxLength={12}
        className="exchange-code-input"
        onChange={(e) => start.onCode(e.target.value)}
      />
      <p className="exchange-hint">{t('exchange.join.codeHint')}</p>
      <button type="submit" className="btn btn-primary btn-block">
        {t('exchange.join.submit')}
      </button>
      <Link to="/scanqrcode" className="btn btn-ghost btn-block">
        {t('exchange.join.scan')}
      </Link>
    </form>
  );
}

// /ex/{room_code} -------------------------------------------------------------------------------

type Phase =
  | { kind: 'loading' }
  | { kind: 'join'; preview: ExchangePreview | null; error?: string }
  | { kind: 'quickCard' }
  | { kind: 'room' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

export function ExchangeRoomPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { roomCode: raw } = useParams({ strict: false }) as { roomCode?: string };
  const code = normaliseRoomCode(raw ?? '');
  return (
    <main className="page exchange-page">
      {session === undefined ? null : session === null ? (
        <>
          <header className="exchange-head">
            <h1>{t('exchange.join.heading')}</h1>
            <p className="exchange-code-line">{t('exchange.join.room', { code: formatRoomCode(code) })}</p>
          </header>
          <SignInFirst />
        </>
      ) : isRoomCode(code) ? (
        <Room code={code} />
      ) : (
        <section className="exchange-panel" role="alert">
          <h1>{t('exchange.title')}</h1>
          <p>{t('exchange.join.badCode')}</p>
          <Link to="/exchange" className="btn btn-primary">
            {t('exchange.join.title')}
          </Link>
        </section>
      )}
    </main>
  );
}

function Room({ code }: { code: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const kept = useExchangeRoom();
  const room = kept?.room_code === code ? kept : null;

  const showJoin = useCallback(async () => {
    try {
      const preview = await exchangeCalls.preview(code);
      setPhase(
        preview.status === 'open'
          ? { kind: 'join', preview }
          : {
              kind: 'error',
              message: i18n.t(preview.status === 'expired' ? 'server.exchangeExpired' : 'server.exchangeEnded'),
            },
      );
    } catch (err) {
      setPhase(phaseOf(err));
    }
  }, [code]);

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    try {
      await exchangeCalls.read(code);
      setPhase({ kind: 'room' });
    } catch (err) {
      // Not in the room (the server answers a non-member as it would an unknown code): the preview
      // says whether it exists, what it is and whether it asks for a password.
      if (isRequestError(err) && (err.status === 403 || err.status === 404)) await showJoin();
      else setPhase(phaseOf(err));
    }
  }, [code, showJoin]);

  useEffect(() => {
    void load();
  }, [load]);
  // In the room, but the kept room is another one (another tab opened it): read this one again.
  const elsewhere = phase.kind === 'room' && kept !== undefined && !room;
  useEffect(() => {
    if (elsewhere) void load();
  }, [elsewhere, load]);

  // The password typed is used again after a quick card was made.
  const typed = useRef('');
  const join = async (password: string) => {
    typed.current = password;
    try {
      await exchangeCalls.join(code, password || undefined);
      setPhase({ kind: 'room' });
    } catch (err) {
      if (needsCard(err)) return setPhase({ kind: 'quickCard' });
      const failure = failureOf(err);
      if (failure.kind === 'offline') return setPhase({ kind: 'offline' });
      const message = errorMessage(failure);
      const wrongPassword = isRequestError(err) && (err.status === 403 || err.status === 429);
      if (!wrongPassword) return setPhase({ kind: 'error', message });
      // Asked for a password the preview did not know of (set since): ask for it now.
      setPhase((now) =>
        now.kind === 'join' && now.preview
          ? { kind: 'join', preview: { ...now.preview, has_password: true }, error: message }
          : { kind: 'join', preview: null, error: message },
      );
    }
  };

  if (phase.kind === 'loading') return <RoomLoading />;
  if (phase.kind === 'offline') return <Offline onRetry={() => void load()} />;
  if (phase.kind === 'error') return <RoomError message={phase.message} onRetry={() => void load()} />;
  if (phase.kind === 'quickCard') return <QuickCard onDone={() => void join(typed.current)} />;
  if (phase.kind === 'join') return <JoinForm code={code} {...phase} onJoin={join} />;
  if (!room) return <RoomLoading />;
  return <RoomView room={room} onRejoin={() => void join('')} onOffline={() => setPhase({ kind: 'offline' })} />;
}

function phaseOf(err: unknown): Phase {
  const failure = failureOf(err);
  return failure.kind === 'offline' ? { kind: 'offline' } : { kind: 'error', message: errorMessage(failure) };
}

function errorMessage(failure: Failure): string {
  return failure.kind === 'message' ? failure.message : '';
}

function RoomLoading() {
  const { t } = useTranslation();
  return (
    <p className="empty-note" role="status" aria-busy="true">
      {t('app.common.loading')}
    </p>
  );
}

function RoomError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="exchange-panel" role="alert" data-testid="exchange-error">
      <h1>{t('exchange.title')}</h1>
      <p>{message}</p>
      <div className="exchange-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('exchange.error.retry')}
        </button>
        <Link to="/exchange" className="btn btn-ghost">
          {t('exchange.join.title')}
        </Link>
      </div>
    </section>
  );
}

/**
 * Joining a room: the event and its host, so a joiner knows where they are going, and a password
 * only when the room has one (or when none is known, as after a refusal).
 */
function JoinForm(props: {
  code: string;
  preview: ExchangePreview | null;
  error?: string;
  onJoin: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { busy, run } = useBusy();
  const { preview } = props;
  const asksPassword = preview === null || preview.has_password;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await props.onJoin(asksPassword ? password : '');
    });
  };
  return (
    <form className="exchange-panel" onSubmit={(e) => void onSubmit(e)} data-testid="exchange-join">
      <h1>{t('exchange.join.heading')}</h1>
      {preview ? (
        <dl className="exchange-preview" data-testid="exchange-preview">
          <div>
            <dt>{t('exchange.join.event')}</dt>
            <dd data-testid="exchange-event">{preview.name || t('exchange.join.unnamed')}</dd>
          </div>
          <div>
            <dt>{t('exchange.join.host')}</dt>
            <dd data-testid="exchange-host-name">{preview.host_name}</dd>
          </div>
        </dl>
      ) : null}
      <p className="exchange-code-line">{t('exchange.join.room', { code: formatRoomCode(props.code) })}</p>
      <p>{t('exchange.intro')}</p>
      {asksPassword ? (
        <>
          <Field
            label={t('exchange.join.password')}
            value={password}
            error={props.error}
            // Focus goes to the password when the server asked for one.
            autoFocus={props.error !== undefined}
            autoComplete="off"
            maxLength={32}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="exchange-hint">
            {preview ? t('exchange.join.passwordAsk') : t('exchange.join.passwordNeeded')}
          </p>
        </>
      ) : props.error ? (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('exchange.join.joining') : t('exchange.join.submit')}
      </button>
    </form>
  );
}

export type { ExchangeRoom };
