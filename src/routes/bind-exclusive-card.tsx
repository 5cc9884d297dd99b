import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { physicalLinkBodySchema } from '../api';
import { physicalCardCalls } from '../clients/physical-card';
import { toast } from '../components/toast';
import { useSession } from '../db/hooks/session';
import { errorText, isCancelled, isRetryable } from '../lib/request/errors';
import { rememberReturnPath } from '../session/return-path';
import '../components/account/account.css';
import '../components/info/info.css';
import { useBusy } from '../components/use-busy';

/**
 * /bindExclusiveCard/{no}?c={check}: the link written to a card's chip. Once the card is bound,
 * a tap opens its owner's card (anyone, signed in or not); before that, its owner signed in
 * binds it here to their digital card. Another account, a wrong check code and guessing are
 * refused by the server, in words. A link cut short (no `?c=`, a mangled number) is told as
 * such before anything is sent, with the way home.
 */
type View =
  | { state: 'checking' }
  | { state: 'bind' }
  | { state: 'signIn' }
  | { state: 'notYet' }
  | { state: 'done' }
  | { state: 'incomplete' }
  | { state: 'failed'; message: string; retryable: boolean };

export function BindExclusiveCardPage() {
  const { t } = useTranslation();
  const { view, busy, bind, retry } = useBindView();
  return (
    <main className="page info-page bind-page">
      <h1>{view.state === 'bind' ? t('info.bind.bindTitle') : t('info.bind.title')}</h1>
      <ViewBody view={view} busy={busy} onBind={() => void bind()} onRetry={retry} />
      {view.state === 'incomplete' || view.state === 'failed' || view.state === 'notYet' ? (
        <Link to="/" className="btn btn-ghost btn-block bind-home">
          {t('app.notFound.home')}
        </Link>
      ) : null}
    </main>
  );
}

/**
 * What the link leads to: asked of the server on opening (and again on Retry), a bound card opened
 * at once; binding it to the signed-in owner's card.
 */
function useBindView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { no = '' } = useParams({ strict: false }) as { no?: string };
  const c = new URLSearchParams(location.search).get('c') ?? '';
  const [view, setView] = useState<View>({ state: 'checking' });
  const { busy, run } = useBusy();
  const [attempt, setAttempt] = useState(0);
  const signedIn = Boolean(session);
  const complete = physicalLinkBodySchema.safeParse({ no, c }).success;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button asking again
  useEffect(() => {
    if (!complete) {
      setView({ state: 'incomplete' });
      return;
    }
    let live = true;
    physicalCardCalls
      .open({ no, c })
      .then(async (data) => {
        if (!live) return;
        if (data.bound && data.share_str) {
          await navigate({ to: '/s/$shareKey', params: { shareKey: data.share_str }, replace: true });
          return;
        }
        if (data.bound) setView({ state: 'notYet' });
        else if (data.mine) setView({ state: 'bind' });
        else
          setView(
            signedIn
              ? { state: 'failed', message: t('server.physicalNotYours'), retryable: false }
              : { state: 'signIn' },
          );
      })
      .catch((err: unknown) => {
        if (live && !isCancelled(err))
          setView({ state: 'failed', message: errorText(err), retryable: isRetryable(err) });
      });
    return () => {
      live = false;
    };
  }, [no, c, complete, signedIn, navigate, t, attempt]);

  const bind = async () => {
    try {
      await run(async () => {
        const res = await physicalCardCalls.bind({ no, c });
        toast(res.msg, 'success');
        setView({ state: 'done' });
      });
    } catch (err) {
      if (!isCancelled(err)) setView({ state: 'failed', message: errorText(err), retryable: false });
    }
  };

  const retry = () => {
    setView({ state: 'checking' });
    setAttempt((n) => n + 1);
  };

  return { view, busy, bind, retry };
}

/** The words and the button for each state of the link. */
function ViewBody({
  view,
  busy,
  onBind,
  onRetry,
}: {
  view: View;
  busy: boolean;
  onBind: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  switch (view.state) {
    case 'checking':
      return (
        <p role="status" aria-busy="true" className="muted">
          {t('info.bind.checking')}
        </p>
      );
    case 'bind':
      return (
        <>
          <p>{t('info.bind.bindIntro')}</p>
          <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={onBind}>
            {busy ? t('info.bind.binding') : t('info.bind.bindButton')}
          </button>
        </>
      );
    case 'done':
      return (
        <>
          <p role="status" className="info-done">
            {t('info.bind.done')}
          </p>
          <Link to="/card/info" className="btn btn-primary btn-block">
            {t('info.bind.viewCard')}
          </Link>
        </>
      );
    case 'signIn':
      return <SignInFirst />;
    case 'notYet':
      return <p>{t('info.bind.notBoundYet')}</p>;
    case 'incomplete':
      return <p role="alert">{t('info.bind.incomplete')}</p>;
    case 'failed':
      return <Failed message={view.message} retryable={view.retryable} onRetry={onRetry} />;
  }
}

/** Someone else's card, or no one signed in: the way to sign in and come back here. */
function SignInFirst() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('info.bind.signIn')}</p>
      <Link
        to="/login"
        className="btn btn-primary btn-block"
        onClick={() => rememberReturnPath(location.pathname + location.search)}
      >
        {t('info.bind.signInButton')}
      </Link>
    </>
  );
}

function Failed({ message, retryable, onRetry }: { message: string; retryable: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="form-error">
        {message}
      </p>
      {retryable ? (
        <button type="button" className="btn btn-primary btn-block" onClick={onRetry}>
          {t('app.common.retry')}
        </button>
      ) : null}
    </>
  );
}
