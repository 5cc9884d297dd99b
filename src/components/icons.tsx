/** Inline SVG icons (no icon font to download). Decorative: the button around each has the label. */
const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', 'aria-hidden': true } as const;
const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const BellIcon = () => (
  <svg {...base}>
    <path {...stroke} d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);
export const UserIcon = () => (
  <svg {...base}>
    <circle {...stroke} cx="12" cy="8" r="4" />
    <path {...stroke} d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base}>
    <path {...stroke} d="M18 6 6 18M6 6l12 12" />
  </svg>
);
export const CloudOffIcon = () => (
  <svg {...base} width={16} height={16}>
    <path {...stroke} d="m2 2 20 20M5.8 5.8A7 7 0 0 0 6 19h11M21.7 15.7A4.5 4.5 0 0 0 17.5 9h-1.8A7 7 0 0 0 9.2 4.6" />
  </svg>
);
export const SyncIcon = () => (
  <svg {...base} width={16} height={16}>
    <path {...stroke} d="M21 12a9 9 0 0 1-15 6.7L3 16M3 12a9 9 0 0 1 15-6.7L21 8M21 3v5h-5M3 21v-5h5" />
  </svg>
);
export const ChevronIcon = () => (
  <svg {...base} width={18} height={18}>
    <path {...stroke} d="m9 18 6-6-6-6" />
  </svg>
);
export const BackIcon = () => (
  <svg {...base}>
    <path {...stroke} d="m15 18-6-6 6-6" />
  </svg>
);
export const LogoMark = () => (
  <svg viewBox="0 0 64 64" width={30} height={30} aria-hidden="true">
    <rect width="64" height="64" rx="14" fill="#0f766e" />
    <rect x="12" y="18" width="40" height="28" rx="4" fill="#fff" />
    <circle cx="23" cy="30" r="5" fill="#0f766e" />
    <rect x="32" y="26" width="14" height="3" rx="1.5" fill="#0f766e" />
    <rect x="32" y="33" width="10" height="3" rx="1.5" fill="#5eead4" />
  </svg>
);
export const CardIcon = () => (
  <svg {...base} width={28} height={28}>
    <rect {...stroke} x="2" y="5" width="20" height="14" rx="2" />
    <circle {...stroke} cx="8" cy="11" r="2" />
    <path {...stroke} d="M5 16c.6-1.5 1.8-2 3-2s2.4.5 3 2M14 10h5M14 14h3" />
  </svg>
);
export const HolderIcon = () => (
  <svg {...base} width={28} height={28}>
    <path {...stroke} d="M4 7h16v13H4zM7 4h10M6 10h12" />
  </svg>
);
export const QrIcon = () => (
  <svg {...base} width={28} height={28}>
    <path {...stroke} d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14v7h-3M14 21h.01" />
  </svg>
);
export const CameraIcon = () => (
  <svg {...base} width={28} height={28}>
    <path {...stroke} d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle {...stroke} cx="12" cy="13" r="3.5" />
  </svg>
);
export const HomeIcon = () => (
  <svg {...base} width={24} height={24}>
    <path {...stroke} d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...base} width={28} height={28}>
    <circle {...stroke} cx="11" cy="11" r="6.5" />
    <path {...stroke} d="m16 16 4.5 4.5" />
  </svg>
);
/** Group exchange: people around a pair of arrows. */
export const ExchangeIcon = () => (
  <svg {...base} width={28} height={28}>
    <circle {...stroke} cx="7" cy="7" r="2.5" />
    <circle {...stroke} cx="17" cy="17" r="2.5" />
    <path {...stroke} d="M12 5h6.5l-2-2M18.5 5l-2 2M12 19H5.5l2 2M5.5 19l2-2" />
  </svg>
);
export const PencilIcon = () => (
  <svg {...base}>
    <path {...stroke} d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </svg>
);
/** Scanning a paper card: a card inside a viewfinder's corners. */
export const ScanCardIcon = () => (
  <svg {...base} width={28} height={28}>
    <path {...stroke} d="M3 8V4h4M17 4h4v4M21 16v4h-4M7 20H3v-4" />
    <rect {...stroke} x="6.5" y="8.5" width="11" height="7" rx="1" />
    <path {...stroke} d="M9 11h3M9 13h5" />
  </svg>
);
/** The cloud collection of scanned cards. */
export const CloudIcon = () => (
  <svg {...base} width={28} height={28}>
    <path {...stroke} d="M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.3 9.2 4.5 4.5 0 0 0 7 18Z" />
  </svg>
);
/** Recognising my own card: a card with a spark. */
export const IdentifyIcon = () => (
  <svg {...base} width={28} height={28}>
    <rect {...stroke} x="2" y="6" width="15" height="12" rx="2" />
    <path {...stroke} d="M5 11h6M5 14h4M20 3v4M18 5h4M20 11v3M18.5 12.5h3" />
  </svg>
);
/** The exclusive NFC card: a card sending waves. */
export const NfcIcon = () => (
  <svg {...base} width={28} height={28}>
    <rect {...stroke} x="2" y="6" width="14" height="12" rx="2" />
    <path {...stroke} d="M19 8.5a5 5 0 0 1 0 7M21.5 6a8.5 8.5 0 0 1 0 12M6 12h4" />
  </svg>
);
