import { db } from './db';

/** My new avatar's address, as the server answered its upload: the top bar and my card show it at once. */
export async function keepAvatar(avatar: string): Promise<void> {
  await db.profile.update('me', { avatar });
}
