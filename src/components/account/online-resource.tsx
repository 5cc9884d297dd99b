import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isCancelled, isRetryable } from '../../lib/request/errors';
import { useOnline } from '../use-online';

/**
 * What an account screen read from the server (login methods, linked accounts): these are
 * security calls made online only, so without a connection the screen says so plainly and keeps
 * what it last read.
 */
export type OnlineLoad<T> =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'failed'; message: string; retryable: boolean }
  | { state: 'ready'; data: T };

export function useOnlineResource<T>(read: () => Promise<T>, enabled = true) {
  const [load, setLoad] = useState<OnlineLoad<T>>({ state: 'loading' });
  const online = useOnline();
  const reader = useRef(read);
  reader.current = read;
  const refresh = useCallback(async () => {
    if (!navigator.onLine) {
      setLoad({ state: 'offline' });
      return;
    }
    setLoad((prev) => (prev.state === 'ready' ? prev : { state: 'loading' }));
    try {
      setLoad({ state: 'ready', data: await reader.current() });
    } catch (err) {
      if (isCancelled(err)) return;
      setLoad(
        navigator.onLine
          ? { state: 'failed', message: errorText(err), retryable: isRetryable(err) }
          : { state: 'offline' },
      );
    }
  }, []);
  useEffect(() => {
    if (enabled && online) void refresh();
    if (!online) setLoad((prev) => (prev.state === 'ready' ? prev : { state: 'offline' }));
  }, [enabled, online, refresh]);
  const setData = useCallback((data: T) => setLoad({ state: 'ready', data }), []);
  return { load, setData, refresh, online };
}

/** Loading, offline (with what was read kept) and failure, each with a retry where it helps. */
export function OnlineNotices<T>(props: {
  load: OnlineLoad<T>;
  online: boolean;
  offlineText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { load } = props;
  return (
    <>
      {load.state === 'loading' ? (
        <p aria-busy="true" className="muted">
          {t('app.common.loading')}
        </p>
      ) : null}
      {load.state === 'offline' || (load.state === 'ready' && !props.online) ? (
        <div className="account-notice" role="status">
          <p>{props.offlineText}</p>
          {load.state === 'offline' ? (
            <button type="button" className="btn btn-secondary" onClick={props.onRetry}>
              {t('app.common.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {load.state === 'failed' ? (
        <div className="account-notice" role="alert">
          <p>{load.message}</p>
          {load.retryable ? (
            <button type="button" className="btn btn-secondary" onClick={props.onRetry}>
              {t('app.common.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
