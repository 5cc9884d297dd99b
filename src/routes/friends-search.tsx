import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { friendDeletes } from '../components/friends/deletes';
import { FriendCardOverlay } from '../components/friends/FriendCardOverlay';
import { FriendItem } from '../components/friends/FriendItem';
import { SearchScopes } from '../components/friends/SearchScopes';
import { SearchPage } from '../components/SearchPage';
import type { FriendRow } from '../db';
import { useFriendSearch } from '../db/hooks/friends';
import '../components/friends/friends.css';

const friendKey = (f: FriendRow) => f.accept_id;
const friendRow = (f: FriendRow, onOpen: (f: FriendRow) => void) => <FriendItem friend={f} onOpen={onOpen} />;
const friendOverlay = (acceptId: number, onClose: () => void): ReactNode => (
  <FriendCardOverlay acceptId={acceptId} onClose={onClose} />
);

/** /search: my friends by name, remark or card text, searched in IndexedDB (so offline too). */
export function FriendsSearchPage() {
  const { t } = useTranslation();
  return (
    <SearchPage
      title={t('friends.search.title')}
      list={{ to: '/friendsList', label: t('friends.list.title') }}
      label={t('friends.search.label')}
      hint={t('friends.search.hint')}
      empty={() => t('friends.search.empty')}
      found={(count) => t('friends.search.results', { count })}
      useResults={useFriendSearch}
      rowHeight={72}
      itemKey={friendKey}
      renderRow={friendRow}
      deletes={friendDeletes}
      overlay={friendOverlay}
    >
      <SearchScopes current="holder" />
    </SearchPage>
  );
}
