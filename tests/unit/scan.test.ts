import { describe, expect, it } from 'vitest';
import { readCatalogs } from '../../scripts/catalogs';
import { exchangeLink } from '../../src/api/exchange';
import {
  CAMERA_PROBLEM_MESSAGE,
  type CameraProblem,
  cameraEnvironmentProblem,
  classifyCameraError,
} from '../../src/browser/camera-errors';
import { LOCALES } from '../../src/i18n/langs';
import { cardShareKey, exchangeRoomCode } from '../../src/lib/scanned-code';
import { cardLink, qrText } from '../../src/lib/share-links';

const catalogs = readCatalogs();

const ORIGIN = 'https://cardbook.example';

describe('exchangeRoomCode: an exchange room QR code', () => {
  it('reads the room code of our own room links, however it was typed', () => {
    expect(exchangeRoomCode(exchangeLink(ORIGIN, 'ABCD2345'), ORIGIN)).toBe('ABCD2345');
    expect(exchangeRoomCode(`${ORIGIN}/ex/abcd-2345/`, ORIGIN)).toBe('ABCD2345');
  });

  it('refuses other origins, card links and codes that cannot be room codes', () => {
    expect(exchangeRoomCode('https://evil.example/ex/ABCD2345', ORIGIN)).toBeNull();
    expect(exchangeRoomCode(`${ORIGIN}/s/ABCD2345`, ORIGIN)).toBeNull();
    // 0, 1, I, L and O are never in a room code; seven characters are too few.
    expect(exchangeRoomCode(`${ORIGIN}/ex/ABCD0145`, ORIGIN)).toBeNull();
    expect(exchangeRoomCode(`${ORIGIN}/ex/ABCD234`, ORIGIN)).toBeNull();
    expect(cardShareKey(`${ORIGIN}/ex/ABCD2345`, ORIGIN)).toBeNull();
  });
});

describe('cardShareKey: what a scanned code opens', () => {
  it('reads the share key of our own card links', () => {
    expect(cardShareKey(`${ORIGIN}/s/AbC_12-x`, ORIGIN)).toBe('AbC_12-x');
    expect(cardShareKey(`${ORIGIN}/s/AbC_12-x/`, ORIGIN)).toBe('AbC_12-x');
    expect(cardShareKey(`  ${ORIGIN}/s/key1\n`, ORIGIN)).toBe('key1');
    expect(cardShareKey(`${ORIGIN}/s/key1?utm=qr#top`, ORIGIN)).toBe('key1');
    expect(cardShareKey('HTTPS://CARDBOOK.EXAMPLE/s/key1', ORIGIN)).toBe('key1');
    expect(cardShareKey(`${ORIGIN}/app/s/key1`, ORIGIN)).toBe('key1');
    expect(cardShareKey('http://127.0.0.1:8080/s/key1', 'http://127.0.0.1:8080')).toBe('key1');
    expect(cardShareKey(`${ORIGIN}/s/k%65y`, ORIGIN)).toBe('key');
  });

  it('opens what /myQrCode draws', () => {
    const card = { share_str: 'Zx9_k', share: { link: '', qr: '' } } as Parameters<typeof qrText>[0];
    expect(cardShareKey(qrText(card, ORIGIN), ORIGIN)).toBe('Zx9_k');
    expect(cardShareKey(cardLink(card, ORIGIN), ORIGIN)).toBe('Zx9_k');
  });

  it('refuses links on another origin, scheme or port', () => {
    expect(cardShareKey('https://evil.example/s/key1', ORIGIN)).toBeNull();
    expect(cardShareKey('http://cardbook.example/s/key1', ORIGIN)).toBeNull();
    expect(cardShareKey('https://cardbook.example:8443/s/key1', ORIGIN)).toBeNull();
    expect(cardShareKey('https://cardbook.example.evil.example/s/key1', ORIGIN)).toBeNull();
    expect(cardShareKey('ftp://cardbook.example/s/key1', 'ftp://cardbook.example')).toBeNull();
  });

  it('refuses other paths and keys that are not share keys', () => {
    for (const text of [
      `${ORIGIN}/`,
      `${ORIGIN}/s/`,
      `${ORIGIN}/s`,
      `${ORIGIN}/s/key1/extra`,
      `${ORIGIN}/xs/key1`,
      `${ORIGIN}/card/info`,
      `${ORIGIN}/s/has%20space`,
      `${ORIGIN}/s/%E0%A4%A`,
      `${ORIGIN}/s/${'k'.repeat(65)}`,
      `${ORIGIN}/ex/room1`,
    ]) {
      expect(cardShareKey(text, ORIGIN), text).toBeNull();
    }
  });

  it('refuses what is not a link', () => {
    for (const text of ['', 'hello', '/s/key1', 's/key1', 'tel:+85291234567', 'BEGIN:VCARD', 'WIFI:S:home;;']) {
      expect(cardShareKey(text, ORIGIN), text).toBeNull();
    }
    expect(cardShareKey(`${ORIGIN}/s/key1`, 'not an origin')).toBeNull();
  });
});

describe('camera problems (SPEC §8)', () => {
  const named = (name: string) => new DOMException('camera', name);

  it.each<[string, CameraProblem]>([
    ['NotFoundError', 'notFound'],
    ['DevicesNotFoundError', 'notFound'],
    ['OverconstrainedError', 'notFound'],
    ['NotReadableError', 'inUse'],
    ['TrackStartError', 'inUse'],
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotSupportedError', 'insecure'],
    ['InsecureContextError', 'insecure'],
    ['StreamApiNotSupportedError', 'unsupported'],
    ['AbortError', 'unknown'],
  ])('%s is %s', (name, problem) => {
    expect(classifyCameraError(named(name))).toBe(problem);
    // Older browsers reject with plain objects or Errors carrying the name.
    expect(classifyCameraError({ name })).toBe(problem);
    expect(classifyCameraError(Object.assign(new Error('x'), { name }))).toBe(problem);
  });

  it('calls anything else unknown', () => {
    for (const error of [undefined, null, 'NotAllowedError', 42, {}, { name: 7 }, new TypeError('boom')]) {
      expect(classifyCameraError(error)).toBe('unknown');
    }
  });

  it('knows before asking: insecure page first, then a browser without getUserMedia', () => {
    expect(cameraEnvironmentProblem({ isSecureContext: false, hasGetUserMedia: false })).toBe('insecure');
    expect(cameraEnvironmentProblem({ isSecureContext: false, hasGetUserMedia: true })).toBe('insecure');
    expect(cameraEnvironmentProblem({ isSecureContext: true, hasGetUserMedia: false })).toBe('unsupported');
    expect(cameraEnvironmentProblem({ isSecureContext: true, hasGetUserMedia: true })).toBeNull();
  });

  it('has a distinct message for every problem, in every language', () => {
    const keys = Object.values(CAMERA_PROBLEM_MESSAGE);
    expect(new Set(keys).size).toBe(keys.length);
    for (const locale of LOCALES) {
      for (const key of keys) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[locale]);
        expect(typeof text === 'string' && text.length > 0, `${locale}:${key}`).toBe(true);
      }
    }
  });
});
