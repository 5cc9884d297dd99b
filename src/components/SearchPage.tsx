import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useDeferredValue, useId, useState } from 'react';
import { ListHead } from './ListPage';
import { type HeldDeletes, type HeldItem, usePendingDeletes } from './undo/pending-delete';
import { UndoBar } from './undo/UndoBar';
import { WindowedList } from './WindowedList';

type SearchPageProps<T, K extends string | number, H extends HeldItem> = {
  /** Classes of the page besides `page friends-page`. */
  className?: string;
  title: string;
  /** The way back to the list. */
  list: { to: '/friendsList' | '/cloud/list'; label: string };
  /** The search box's label (and placeholder), and its keyboard's enter key. */
  label: string;
  enterKeyHint?: 'search';
  /** Shown before anything is typed; when nothing is found (for the query); the results' count. */
  hint: string;
  empty: (query: string) => string;
  found: (count: number) => string;
  /** The rows holding every word of the query (a live query of src/db/hooks): undefined while read. */
  useResults: (query: string) => readonly T[] | undefined;
  rowHeight: number;
  /** A row's id: its list key, its held delete's id, and what the overlay opens (kept stable). */
  itemKey: (item: T) => K;
  /** A row, opening its overlay with `onOpen` (kept stable: a new one renders every row again). */
  renderRow: (item: T, onOpen: (item: T) => void) => ReactNode;
  /** The deletes held for undo: their rows are hidden, and the undo bar shows them. */
  deletes: HeldDeletes<H>;
  overlay: (id: K, onClose: () => void) => ReactNode;
  /** Between the heading and the search box (the search scopes, say). */
  children?: ReactNode;
  /** Shown instead of the hint and results when there is nothing to search at all. */
  nothing?: ReactNode;
};

/**
 * The one search screen of the member lists (/search, /cloud/search): the heading with the way
 * back to the list, a labelled search box, and as the query settles (deferred) a hint, "nothing
 * found" or the results in a windowed list, less the rows whose delete waits on its undo; the
 * opened row's overlay and the undo bar. Each page passes its texts, its live search and rows.
 */
export function SearchPage<T, K extends string | number, H extends HeldItem>(props: SearchPageProps<T, K, H>) {
  const { itemKey, renderRow, useResults } = props;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useResults(deferred);
  const pending = usePendingDeletes(props.deletes);
  const [open, setOpen] = useState<K | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  const hidden = new Set<string | number>(pending.map((p) => p.id));
  const shown = (results ?? []).filter((item) => !hidden.has(itemKey(item)));
  const openItem = useCallback((item: T) => setOpen(itemKey(item)), [itemKey]);
  const renderItem = useCallback((item: T) => renderRow(item, openItem), [renderRow, openItem]);

  return (
    <main className={props.className ? `page friends-page ${props.className}` : 'page friends-page'}>
      <ListHead title={props.title}>
        <Link to={props.list.to}>{props.list.label}</Link>
      </ListHead>
      {props.children}
      <SearchBox label={props.label} enterKeyHint={props.enterKeyHint} query={query} onQuery={setQuery} />
      {props.nothing ? (
        props.nothing
      ) : deferred.trim() === '' ? (
        <p className="empty-note">{props.hint}</p>
      ) : results === undefined ? null : shown.length === 0 ? (
        <p className="empty-note" role="status">
          {props.empty(deferred.trim())}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {props.found(shown.length)}
          </p>
          <WindowedList
            items={shown}
            rowHeight={props.rowHeight}
            itemKey={itemKey}
            renderRow={renderItem}
            label={props.title}
            testId="friend-list"
          />
        </>
      )}
      {open !== null ? props.overlay(open, onClose) : null}
      <UndoBar deletes={props.deletes} />
    </main>
  );
}

/** The labelled search box (its label is its placeholder too). */
function SearchBox(props: { label: string; enterKeyHint?: 'search'; query: string; onQuery: (query: string) => void }) {
  const inputId = useId();
  return (
    <search className="search-box">
      <label htmlFor={inputId} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={inputId}
        type="search"
        value={props.query}
        enterKeyHint={props.enterKeyHint}
        placeholder={props.label}
        onChange={(e) => props.onQuery(e.target.value)}
      />
    </search>
  );
}
