import type { FriendRow } from '../../db';
import { Promotion } from '../card/Promotion';
import { cardOfFriend } from './display';
import { useCardExtras } from './use-card-extras';

/** The promotional items this device kept of a friend's card (loaded lazily: it needs the local database). */
export default function KeptPromotion({ friend }: { friend: FriendRow }) {
  return <Promotion {...useCardExtras(cardOfFriend(friend))} />;
}
