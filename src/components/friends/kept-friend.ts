import { useEffect, useState } from 'react';
import type { FriendRow } from '../../db';
import { useSignedIn } from '../../session/signed-in';

/**
 * The friend entry of a share key in my card holder on this device, looked up only when asked
 * (the shared-card page when the server cannot be reached) and only for a member: a visitor's
 * page never loads the local database.
 */
export function useKeptFriend(shareKey: string, wanted: boolean): FriendRow | null {
  const signedIn = useSignedIn();
  const [friend, setFriend] = useState<FriendRow | null>(null);
  useEffect(() => {
    if (!wanted || !signedIn || !shareKey) return;
    let live = true;
    void import('../../db/friend-lookup')
      .then(({ friendOfShareKey }) => friendOfShareKey(shareKey))
      .then((found) => {
        if (live) setFriend(found ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [shareKey, wanted, signedIn]);
  return friend;
}
