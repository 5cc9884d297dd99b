import type { ReactNode } from 'react';
import { CardIcon } from './icons';

/**
 * The parts the member list pages share (/friendsList, /cloud/list): the heading row with its
 * links, the skeleton while the list is read, and the empty state. Each page passes its own
 * texts. (Signed out is the signed-in layout's, app/SignedInLayout.tsx.)
 */

/** The page's title and, after it, its links. */
export function ListHead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="friends-head">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** Five skeleton rows, announced as loading. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="friends-skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** Nothing in the list yet: the card icon, a title, a line, and what to do (if anything). */
export function ListEmpty(props: { title: string; body: string; testId?: string; children?: ReactNode }) {
  return (
    <div className="status-page" data-testid={props.testId}>
      <div className="card-empty-icon" aria-hidden="true">
        <CardIcon />
      </div>
      <h2>{props.title}</h2>
      <p>{props.body}</p>
      {props.children}
    </div>
  );
}

/**
 * Whether the list is empty only because the first pull has not landed yet: nothing synced so
 * far, and the worker and the browser both online.
 */
export function awaitingFirstPull(empty: boolean, sync: { lastSyncAt: number; online: boolean }): boolean {
  return empty && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
}
