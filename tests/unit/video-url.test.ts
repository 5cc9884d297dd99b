import { describe, expect, it } from 'vitest';
import { isM3u8Url, isVideoUrl, parseVideoUrl } from '../../src/lib/video-url';

describe('parseVideoUrl (SPEC §5 video URL recognised)', () => {
  it('recognises YouTube watch links and short links with an 11-character id', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toMatchObject({
      kind: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoUrl('http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42')).toMatchObject({
      kind: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoUrl('https://m.youtube.com/watch?v=a-b_c1D2e3F')).toMatchObject({ id: 'a-b_c1D2e3F' });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toMatchObject({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ?si=abc')).toMatchObject({ id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toMatchObject({ id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toMatchObject({ id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('  https://youtu.be/dQw4w9WgXcQ  ')).toMatchObject({ id: 'dQw4w9WgXcQ' });
  });

  it('refuses YouTube links whose id is not 11 characters, or that name no video', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXc')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQQ')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgX!Q')).toBeNull();
    expect(parseVideoUrl('https://youtu.be/short')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/channel/UCabcdefghijk')).toBeNull();
    expect(parseVideoUrl('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoUrl('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('recognises Facebook video links', () => {
    for (const url of [
      'https://www.facebook.com/watch/?v=1234567890',
      'https://www.facebook.com/watch?v=1234567890',
      'https://www.facebook.com/SomePage/videos/1234567890/',
      'https://m.facebook.com/video.php?v=1234567890',
      'https://www.facebook.com/reel/1234567890',
      'https://www.facebook.com/share/v/AbCdEf123/',
      'https://fb.watch/abcDEF123/',
    ]) {
      expect(parseVideoUrl(url), url).toMatchObject({ kind: 'facebook' });
    }
  });

  it('refuses Facebook links that are not videos, and look-alike hosts', () => {
    expect(parseVideoUrl('https://www.facebook.com/SomePage')).toBeNull();
    expect(parseVideoUrl('https://www.facebook.com/watch/')).toBeNull();
    expect(parseVideoUrl('https://www.facebook.com/photo.php?fbid=1')).toBeNull();
    expect(parseVideoUrl('https://facebook.com.evil.example/reel/1')).toBeNull();
    expect(parseVideoUrl('https://notfacebook.com/reel/1')).toBeNull();
  });

  it('recognises http(s) links ending in .m3u8, a query string allowed', () => {
    expect(parseVideoUrl('https://cdn.example.com/live/stream.m3u8')).toMatchObject({ kind: 'm3u8' });
    expect(parseVideoUrl('http://10.0.0.1:8080/a/b/index.M3U8?token=x')).toMatchObject({ kind: 'm3u8' });
    expect(isM3u8Url('https://cdn.example.com/live/stream.m3u8')).toBe(true);
  });

  it('refuses everything else', () => {
    for (const url of [
      '',
      'stream.m3u8',
      'ftp://cdn.example.com/stream.m3u8',
      'javascript:alert(1)//.m3u8',
      'data:text/plain,youtu.be/dQw4w9WgXcQ',
      'https://cdn.example.com/stream.m3u8.mp4',
      'https://cdn.example.com/video.mp4',
      'https://vimeo.com/123456',
      'not a url',
    ]) {
      expect(isVideoUrl(url), url).toBe(false);
    }
    expect(isM3u8Url('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(false);
    expect(isM3u8Url('ftp://cdn.example.com/stream.m3u8')).toBe(false);
  });
});
