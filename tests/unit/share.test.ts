import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import type { CardShare } from '../../src/api/card';
import {
  AUTO_ADD_FRIENDS_KEY,
  type KeyValueStorage,
  queueAutoAddFriend,
  readAutoAddFriends,
} from '../../src/browser/auto-add-friends';
import { type QrMatrix, QUIET_ZONE, qrMatrix, qrPath } from '../../src/components/share/qr';
import { cardLink, fileNameOf, qrText, socialChannels } from '../../src/lib/share-links';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const emptyShare: CardShare = {
  fb: '',
  qr: '',
  link: '',
  contact: '',
  line: '',
  linkedin: '',
  telegram: '',
  twitter: '',
  whatsapp: '',
};

/** The matrix as RGBA pixels (4 per module, quiet zone included), the way a camera frame would reach jsQR. */
function rasterise(matrix: QrMatrix, scale = 4): { data: Uint8ClampedArray; side: number } {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - QUIET_ZONE;
      const col = Math.floor(x / scale) - QUIET_ZONE;
      if (row >= 0 && col >= 0 && row < matrix.size && col < matrix.size && matrix.dark(row, col)) {
        data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
  }
  return { data, side };
}

describe('auto_add_friends (SPEC §3, §4)', () => {
  it('keeps a JSON list of share strings without duplicates', () => {
    const storage = memoryStorage();
    expect(queueAutoAddFriend('abc', storage)).toEqual(['abc']);
    expect(queueAutoAddFriend('def', storage)).toEqual(['abc', 'def']);
    expect(queueAutoAddFriend('abc', storage)).toEqual(['abc', 'def']);
    expect(JSON.parse(storage.data.get(AUTO_ADD_FRIENDS_KEY) ?? '')).toEqual(['abc', 'def']);
  });

  it('reads anything unreadable as an empty list', () => {
    expect(readAutoAddFriends(memoryStorage({ [AUTO_ADD_FRIENDS_KEY]: '{not json' }))).toEqual([]);
    expect(readAutoAddFriends(memoryStorage({ [AUTO_ADD_FRIENDS_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readAutoAddFriends(memoryStorage({ [AUTO_ADD_FRIENDS_KEY]: '["x",2,"x",""]' }))).toEqual(['x']);
  });
});

describe('share links', () => {
  it('uses the share object, else builds the public link; nothing before the card has a key', () => {
    const share = { ...emptyShare, link: 'https://cards.example/s/k1', qr: 'https://cards.example/s/k1' };
    expect(cardLink({ share_str: 'k1', share }, 'http://x')).toBe('https://cards.example/s/k1');
    expect(qrText({ share_str: 'k1', share: emptyShare }, 'http://x')).toBe('http://x/s/k1');
    expect(qrText({ share_str: '', share: emptyShare }, 'http://x')).toBe('');
  });

  it('offers only the channels that have a web link', () => {
    const share = { ...emptyShare, fb: 'https://www.facebook.com/sharer/sharer.php?u=x', line: 'javascript:alert(1)' };
    expect(socialChannels(share)).toEqual([{ channel: 'fb', href: share.fb }]);
  });

  it('names files after the card', () => {
    expect(fileNameOf('陳大文', 'png')).toBe('陳大文.png');
    expect(fileNameOf(' a/b:c*? ', 'vcf')).toBe('a b c.vcf');
    expect(fileNameOf('...', 'png', 'qr-code')).toBe('qr-code.png');
  });
});

describe('QR code drawn on the device', () => {
  it.each(['http://127.0.0.1:8080/s/AbC123_-xyz', `https://cards.example.com/s/${'k'.repeat(64)}`])(
    'decodes back to %s',
    (text) => {
      const matrix = qrMatrix(text);
      const { data, side } = rasterise(matrix);
      expect(jsQR(data, side, side)?.data).toBe(text);
    },
  );

  it('draws one path of whole modules inside the quiet zone', () => {
    const matrix = qrMatrix('https://example.com/s/abc');
    const path = qrPath(matrix);
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    const starts = [...path.matchAll(/M(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const [x, y] of starts) {
      expect(x).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(y).toBeGreaterThanOrEqual(QUIET_ZONE);
    }
  });
});
