import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardSearchItem, cardSearchBodySchema, SEARCH_PAGE_SIZE_DEFAULT } from '../api';
import { cardCalls } from '../clients/card';
import { Avatar } from '../components/Avatar';
import { SearchScopes } from '../components/friends/SearchScopes';
import { SharedCardOverlay } from '../components/friends/SharedCardOverlay';
import { AddUserIcon, CheckIcon } from '../components/share/icons';
import { toast } from '../components/toast';
import { useOnline } from '../components/use-online';
import { useMyCard } from '../db/hooks/card';
import { useCardInHolder } from '../db/hooks/friends';
import { isCancelled } from '../lib/request/errors';
import { addFriends } from '../session/friend-adds';
import '../components/friends/friends.css';

const DEBOUNCE_MS = 350;

type Found =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; list: CardSearchItem[]; more: boolean };

/**
 * /search/public: the directory of public cards (SPEC §1: cards can be public and searchable),
 * by name, English name, company, position or industry (card/search). Online only:
 * it is the server's directory, not my data. A result opens the card overlay; 'Add friend' keeps
 * it in my card holder (through the outbox, like every add).
 */
export function PublicSearchPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const search = usePublicSearch(online);
  const [open, setOpen] = useState<string | null>(null);
  const onClose = useCallback(() => setOpen(null), []);

  return (
    <main className="page friends-page">
      <div className="friends-head">
        <h1>{t('friends.publicSearch.title')}</h1>
      </div>
      <SearchScopes current="public" />
      <SearchBox query={search.query} onQuery={search.setQuery} />
      {!online ? (
        <p className="empty-note" role="status">
          {t('friends.publicSearch.offline')}
        </p>
      ) : (
        <Results found={search.found} onRetry={search.retry} onMore={search.more} onOpen={setOpen} />
      )}
      {open ? <SharedCardOverlay shareStr={open} onClose={onClose} /> : null}
    </main>
  );
}

/** The query as typed, the keyword it settles into, and the pages of cards the server found for it. */
function usePublicSearch(online: boolean) {
  const [query, setQuery] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<Found>({ state: 'idle' });

  // Typing settles before the server is asked.
  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(query.trim());
      setPage(1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button: it asks again
  useEffect(() => {
    const body = cardSearchBodySchema.safeParse({ keyword, page, page_size: SEARCH_PAGE_SIZE_DEFAULT });
    if (!body.success || !online) {
      setFound({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    if (page === 1) setFound({ state: 'loading' });
    cardCalls
      .search(body.data, controller.signal)
      .then((res) =>
        setFound((before) => ({
          state: 'ready',
          list: page > 1 && before.state === 'ready' ? [...before.list, ...res.data.list] : res.data.list,
          more: res.data.more,
        })),
      )
      .catch((err: unknown) => {
        if (controller.signal.aborted || isCancelled(err)) return;
        setFound({ state: 'error', message: err instanceof Error ? err.message : String(err) });
      });
    return () => controller.abort();
  }, [keyword, page, online, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  const more = () => setPage((p) => p + 1);
  return { query, setQuery, found, retry, more };
}

function SearchBox({ query, onQuery }: { query: string; onQuery: (query: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <search className="search-box">
      <label htmlFor={inputId} className="visually-hidden">
        {t('friends.publicSearch.label')}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('friends.publicSearch.label')}
        onChange={(e) => onQuery(e.target.value)}
      />
    </search>
  );
}

/** Online: a hint before typing, then the search under way, its error, nothing found or the cards. */
function Results({
  found,
  onRetry,
  onMore,
  onOpen,
}: {
  found: Found;
  onRetry: () => void;
  onMore: () => void;
  onOpen: (shareStr: string) => void;
}) {
  const { t } = useTranslation();
  if (found.state === 'idle') return <p className="empty-note">{t('friends.publicSearch.hint')}</p>;
  if (found.state === 'loading')
    return (
      <div className="share-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('friends.publicSearch.searching')}
      </div>
    );
  if (found.state === 'error')
    return (
      <div className="share-note share-note-error" role="alert">
        <p>{found.message}</p>
        <button type="button" className="btn btn-secondary btn-inline" onClick={onRetry}>
          {t('share.card.retry')}
        </button>
      </div>
    );
  if (found.list.length === 0)
    return (
      <p className="empty-note" role="status">
        {t('friends.publicSearch.empty')}
      </p>
    );
  return (
    <>
      <p className="visually-hidden" role="status">
        {t('friends.search.results', { count: found.list.length })}
      </p>
      <ul className="public-results" data-testid="public-results">
        {found.list.map((item) => (
          <PublicCardResult key={item.card_id} item={item} onOpen={onOpen} />
        ))}
      </ul>
      {found.more ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={onMore}>
          {t('friends.publicSearch.more')}
        </button>
      ) : null}
    </>
  );
}

/** One public card found: tap to open it; 'Add friend' unless it is mine or already in my card holder. */
function PublicCardResult({ item, onOpen }: { item: CardSearchItem; onOpen: (shareStr: string) => void }) {
  const { t } = useTranslation();
  const myCard = useMyCard();
  const kept = useCardInHolder(item.card_id);
  const name = item.name || item.english_name;
  const line = [item.company, item.position].filter(Boolean).join(' · ');
  const add = async () => {
    const outcome = await addFriends(
      [item.share_str],
      [
        {
          card_id: item.card_id,
          name,
          avatar: item.avatar,
          profile: '',
          photo: item.photo,
          company: line,
          english_name: item.english_name,
          share_str: item.share_str,
        },
      ],
    );
    if (outcome !== 'refused') {
      toast(outcome === 'added' ? t('share.card.friendAddedNow') : t('share.card.friendAdded'), 'success');
    }
  };
  const mine = myCard?.card_id === item.card_id;
  return (
    <li className="public-result">
      <button type="button" className="public-result-open" onClick={() => onOpen(item.share_str)}>
        <Avatar src={item.avatar} name={name} colourKey={item.card_id} size={44} />
        <span className="public-result-text">
          <span className="friend-title">{name}</span>
          {item.english_name && item.english_name !== name ? (
            <span className="public-result-sub" lang="en">
              {item.english_name}
            </span>
          ) : null}
          {line ? <span className="public-result-sub">{line}</span> : null}
        </span>
      </button>
      {mine ? null : kept ? (
        <span className="in-holder in-holder-small">
          <CheckIcon />
          <span className="visually-hidden">{t('share.card.inHolder')}</span>
        </span>
      ) : kept === false ? (
        <button
          type="button"
          className="btn btn-secondary btn-inline"
          aria-label={t('friends.publicSearch.add', { name })}
          onClick={() => void add()}
        >
          <AddUserIcon />
        </button>
      ) : null}
    </li>
  );
}
