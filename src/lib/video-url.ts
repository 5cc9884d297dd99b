/**
 * SPEC §5 "Video URL recognised": the one rule that says which links a video block may hold
 * and which player shows them. Used by the contract (the server refuses anything else) and by
 * the screens (to pick the YouTube, Facebook or HLS player).
 *
 * - YouTube: a watch link (`youtube.com/watch?v=ID`, also on `www.`, `m.` and `music.`), a
 *   short link (`youtu.be/ID`), or the `/shorts/ID`, `/embed/ID` and `/live/ID` forms; ID is
 *   the 11-character video id.
 * - Facebook: a video link on facebook.com (`/watch?v=…`, `/{page}/videos/…`, `/video.php?v=…`,
 *   `/reel/…`, `/share/v/…`, `/share/r/…`) or an `fb.watch/…` short link.
 * - HLS: any http(s) link whose path ends in `.m3u8` (a query string may follow).
 *
 * Only http and https links count; anything else (javascript:, data:, a bare word) is not a video.
 */
export type VideoLink =
  | { kind: 'youtube'; id: string; url: string }
  | { kind: 'facebook'; url: string }
  | { kind: 'm3u8'; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_PATH_ID = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/;
const FACEBOOK_HOSTS = new Set(['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com']);
const FACEBOOK_VIDEO_PATH = /^\/(?:[^/]+\/videos\/.+|reel\/[^/]+\/?|share\/[vr]\/[^/]+\/?|watch\/?|video\.php)$/;

function httpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    id = url.pathname === '/watch' || url.pathname === '/watch/' ? url.searchParams.get('v') : null;
    id ??= YOUTUBE_PATH_ID.exec(url.pathname)?.[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function isFacebookVideo(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === 'fb.watch' || host === 'www.fb.watch') return /^\/[^/]+\/?$/.test(url.pathname);
  if (!FACEBOOK_HOSTS.has(host) || !FACEBOOK_VIDEO_PATH.test(url.pathname)) return false;
  // /watch and /video.php name the video in their query.
  if (url.pathname.startsWith('/watch') || url.pathname === '/video.php') return Boolean(url.searchParams.get('v'));
  return true;
}

/** An http(s) link to an HLS stream: its path ends in .m3u8. */
export function isM3u8Url(text: string): boolean {
  const url = httpUrl(text);
  return url !== null && url.hostname !== '' && url.pathname.toLowerCase().endsWith('.m3u8');
}

/** What kind of video a link is, with the YouTube id; null when it is not a recognised video. */
export function parseVideoUrl(text: string): VideoLink | null {
  const url = httpUrl(text);
  if (!url) return null;
  const id = youtubeId(url);
  if (id) return { kind: 'youtube', id, url: url.href };
  if (isFacebookVideo(url)) return { kind: 'facebook', url: url.href };
  if (isM3u8Url(text)) return { kind: 'm3u8', url: url.href };
  return null;
}

export function isVideoUrl(text: string): boolean {
  return parseVideoUrl(text) !== null;
}
