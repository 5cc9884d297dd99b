import type { Friend, FriendCardInfo } from '../../api';
import type { SharedCard } from '../../api/card';
import type { CardCopy } from '../../lib/card-copy';
import { companyLine } from '../../lib/company-line';

/** SPEC §3: "remark (name)" when there is a remark, else the name. */
export function friendTitle(friend: Pick<Friend, 'remark' | 'friend_card_info'>): string {
  const name = friend.friend_card_info.name;
  const remark = friend.remark.trim();
  return remark ? `${remark} (${name})` : name;
}

const NO_EXTENSION = { company: [], address: [], tel: [], email: [], website: [], other: [], industry: [], social: [] };

/**
 * A friend entry's card in the shape of a shared card, for the views both show. Fields an
 * entry made on this device (not yet pulled) lacks are empty.
 */
export function cardOfFriend(friend: Pick<Friend, 'accept_id' | 'friend_card_info'>): SharedCard {
  const info = friend.friend_card_info;
  return {
    photo: info.photo,
    photo_back: info.photo_back ?? '',
    avatar: info.avatar,
    user_id: 0,
    card_id: info.card_id,
    accept_id: friend.accept_id,
    share_str: info.share_str ?? '',
    is_friend: 1,
    profile: info.profile,
    extension: { name: info.name, english_name: info.english_name ?? '', ...(info.extension ?? NO_EXTENSION) },
  };
}

/** What my card holder lists of a shared card I add, until the server's entry arrives. */
export function friendCardOfShared(card: SharedCard): FriendCardInfo {
  const { name, english_name, ...extension } = card.extension;
  return {
    card_id: card.card_id,
    name: name || english_name,
    avatar: card.avatar,
    profile: card.profile,
    photo: card.photo,
    company: companyLine(card.extension.company[0]),
    english_name,
    photo_back: card.photo_back,
    share_str: card.share_str,
    extension,
  };
}

/** What my card holder lists of a card whose copy I scanned (src/lib/card-copy.ts), until the server's entry arrives. */
export function friendCardOfCopy(copy: CardCopy, shareKey: string): FriendCardInfo {
  const company =
    copy.company || copy.position
      ? [{ name: copy.company, department: '', position: copy.position, key: 'company' }]
      : [];
  return {
    card_id: copy.cardId,
    name: copy.name || copy.englishName,
    avatar: '',
    profile: '',
    photo: '',
    company: companyLine(company[0]),
    english_name: copy.englishName,
    photo_back: '',
    share_str: shareKey,
    extension: {
      ...NO_EXTENSION,
      company,
      tel: copy.tel ? [{ key: 'mobile', content: copy.tel }] : [],
      email: copy.email ? [{ key: 'work', content: copy.email }] : [],
    },
  };
}
