/** Icons of the share screens. Decorative: the control around each carries the label. */
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none' } as const;
const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const LinkIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path {...stroke} d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);
export const ShareIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
  </svg>
);
export const DownloadIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </svg>
);
export const QrSmallIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14v7h-3M14 21h.01" />
  </svg>
);
export const ContactIcon = () => (
  <svg aria-hidden="true" {...base}>
    <rect {...stroke} x="3" y="4" width="18" height="16" rx="2" />
    <circle {...stroke} cx="9" cy="10" r="2" />
    <path {...stroke} d="M6 16c.5-1.3 1.6-2 3-2s2.5.7 3 2M15 9h3M15 13h2" />
  </svg>
);
export const AddUserIcon = () => (
  <svg aria-hidden="true" {...base}>
    <circle {...stroke} cx="9" cy="8" r="4" />
    <path {...stroke} d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </svg>
);
export const CardOffIcon = () => (
  <svg aria-hidden="true" {...base} width={56} height={56} strokeWidth={1.5}>
    <rect {...stroke} strokeWidth={1.5} x="2" y="5" width="20" height="14" rx="2" />
    <circle {...stroke} strokeWidth={1.5} cx="8" cy="11" r="2" />
    <path {...stroke} strokeWidth={1.5} d="M5 16c.6-1.5 1.8-2 3-2s2.4.5 3 2M14 10h5M14 14h3M3 3l18 18" />
  </svg>
);
export const CheckIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);
