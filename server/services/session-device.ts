import { isIP } from 'node:net';
import Bowser from 'bowser';
import { TIME_ZONE_HEADER } from '../../src/api';

/** What a new session records about where it was signed in from (src/api/sessions.ts). */
export type SessionDevice = {
  browser: string | null;
  platform: string | null;
  timeZone: string | null;
  address: string | null;
};

type RequestLike = { headers: Record<string, string | string[] | undefined>; ip: string };
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const short = (value: string | undefined, max = 40) => (value ? value.slice(0, max) : null);

/** The browser and platform of a User-Agent, e.g. Chrome / Android 14; nulls when it says nothing we know. */
export function parseUserAgent(userAgent: string | undefined): { browser: string | null; platform: string | null } {
  if (!userAgent?.trim()) return { browser: null, platform: null };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : null;
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.version ? ` ${parsed.os.version.split('.').slice(0, 2).join('.')}` : ''}`
    : null;
  const model = parsed.platform.model && parsed.platform.model !== parsed.os.name ? parsed.platform.model : null;
  return { browser: short(browser ?? undefined), platform: short([model, os].filter(Boolean).join(', ') || undefined) };
}

/** An IANA time zone the runtime knows (e.g. Asia/Hong_Kong), or null. */
export function validTimeZone(value: string | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The address with its host part hidden: 203.0.113.* or 2001:db8:85a3:* (an IPv4-mapped IPv6 as IPv4). */
export function maskAddress(ip: string): string | null {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.*`;
  if (isIP(address) === 6) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.length > 0 ? groups.join(':') : ''}:*`;
  }
  return null;
}

/** What a sign-in request tells about its device: User-Agent, the app's time-zone header, the address. */
export function sessionDevice(req: RequestLike): SessionDevice {
  return {
    ...parseUserAgent(one(req.headers['user-agent'])),
    timeZone: validTimeZone(one(req.headers[TIME_ZONE_HEADER])),
    address: maskAddress(req.ip),
  };
}
