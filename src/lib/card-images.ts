import type { CompanyItem } from '../api';

/**
 * The Cache Storage cache holding the images of friends' cards opened in the card-detail
 * overlay (photos, avatar, promotional images), so a card opened once opens again offline.
 * The page fills and prunes it (src/db/card-cache.ts, under a storage budget); the service
 * worker answers /blobs/ from it first (sw/sw.ts).
 */
export const CARD_IMAGE_CACHE = 'cardbook-cards';

/** The images a card view shows: its photos and avatar, and its promotional img and swipe blocks. */
export function cardImageUrls(
  card: { photo?: string; photo_back?: string; avatar?: string },
  company: readonly CompanyItem[],
): string[] {
  const urls = [card.photo, card.photo_back, card.avatar];
  for (const item of company) {
    if (item.type === 'img') urls.push(item.content.url);
    else if (item.type === 'swipe') urls.push(...item.content.urls);
  }
  return [...new Set(urls.filter((url): url is string => Boolean(url) && isCacheable(url as string)))];
}

/** Only our own uploaded files (immutable /blobs/ names) are kept. */
function isCacheable(url: string): boolean {
  return url.startsWith('/blobs/');
}
