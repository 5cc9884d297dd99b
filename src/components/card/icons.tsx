import type { ReactNode } from 'react';
import type { SocialPlatform } from '../../api';

/**
 * Icons of the card views: the entry actions (map, call, mail, site, chat, copy), the editor's
 * controls, and a badge per social platform of SPEC §3. Inline SVG, decorative: the control
 * around each icon carries the accessible name, and a platform's name is shown beside its badge.
 */
const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A 24-unit line icon, hidden from assistive technology. */
function Svg({ size = 22, children }: { size?: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      {children}
    </svg>
  );
}

export const MapPinIcon = () => (
  <Svg>
    <path {...stroke} d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle {...stroke} cx="12" cy="9.5" r="2.5" />
  </Svg>
);
export const PhoneIcon = () => (
  <Svg>
    <path
      {...stroke}
      d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z"
    />
  </Svg>
);
export const MailIcon = () => (
  <Svg>
    <rect {...stroke} x="3" y="5" width="18" height="14" rx="2" />
    <path {...stroke} d="m3 7 9 6 9-6" />
  </Svg>
);
export const GlobeIcon = () => (
  <Svg>
    <circle {...stroke} cx="12" cy="12" r="9" />
    <path {...stroke} d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg>
    <path {...stroke} d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.8A8 8 0 1 1 21 12Z" />
  </Svg>
);
export const CopyIcon = () => (
  <Svg>
    <rect {...stroke} x="9" y="9" width="12" height="12" rx="2" />
    <path {...stroke} d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
);
export const FlipIcon = () => (
  <Svg size={18}>
    <path {...stroke} d="M3 12a9 9 0 0 1 15-6.7L21 8M21 3v5h-5M21 12a9 9 0 0 1-15 6.7L3 16M3 21v-5h5" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg size={18}>
    <path {...stroke} d="M12 5v14M5 12h14" />
  </Svg>
);
export const TrashIcon = () => (
  <Svg size={20}>
    <path {...stroke} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const ImageIcon = () => (
  <Svg size={32}>
    <rect {...stroke} x="3" y="4" width="18" height="16" rx="2" />
    <circle {...stroke} cx="9" cy="10" r="2" />
    <path {...stroke} d="m21 16-5-5-9 9" />
  </Svg>
);

/** Each platform's badge: its brand colour and one or two letters (no trademark artwork). */
const BADGES: Record<SocialPlatform, { bg: string; fg: string; text: string }> = {
  facebook: { bg: '#1877f2', fg: '#fff', text: 'f' },
  whatsapp: { bg: '#25d366', fg: '#fff', text: 'W' },
  twitter: { bg: '#0f1419', fg: '#fff', text: 'X' },
  instagram: { bg: '#e1306c', fg: '#fff', text: 'IG' },
  wechat: { bg: '#07c160', fg: '#fff', text: 'We' },
  line: { bg: '#06c755', fg: '#fff', text: 'L' },
  qq: { bg: '#12b7f5', fg: '#fff', text: 'QQ' },
  telegram: { bg: '#229ed9', fg: '#fff', text: 'T' },
  vimeo: { bg: '#1ab7ea', fg: '#fff', text: 'V' },
  vk: { bg: '#0077ff', fg: '#fff', text: 'VK' },
  snapchat: { bg: '#fffc00', fg: '#111', text: 'S' },
  tumblr: { bg: '#36465d', fg: '#fff', text: 't' },
  pinterest: { bg: '#e60023', fg: '#fff', text: 'P' },
  youtube: { bg: '#ff0000', fg: '#fff', text: '▶' },
  signal: { bg: '#3a76f0', fg: '#fff', text: 'S' },
  messenger: { bg: '#0084ff', fg: '#fff', text: 'M' },
  custom: { bg: '#64748b', fg: '#fff', text: '•••' },
};

export const isSocialPlatform = (key: string): key is SocialPlatform => Object.hasOwn(BADGES, key);

export function SocialBadge({ platform, size = 32 }: { platform: string; size?: number }) {
  const badge = isSocialPlatform(platform) ? BADGES[platform] : BADGES.custom;
  const small = badge.text.length > 1;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="social-badge">
      <circle cx="16" cy="16" r="16" fill={badge.bg} />
      <text
        x="16"
        y="16"
        dy="0.35em"
        textAnchor="middle"
        fill={badge.fg}
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={small ? 12 : 17}
      >
        {badge.text}
      </text>
    </svg>
  );
}
