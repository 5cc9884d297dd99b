/** Icons of the company blocks and their editor. Decorative: the control around each has the label. */
const base = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none' } as const;
const stroke = { stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const PlayIcon = () => (
  <svg aria-hidden="true" {...base} width={28} height={28}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z" fill="currentColor" />
  </svg>
);
export const PauseIcon = () => (
  <svg aria-hidden="true" {...base} width={16} height={16}>
    <path {...stroke} d="M8 5v14M16 5v14" />
  </svg>
);
export const SmallPlayIcon = () => (
  <svg aria-hidden="true" {...base} width={16} height={16}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z" fill="currentColor" />
  </svg>
);
export const PrevIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="m15 18-6-6 6-6" />
  </svg>
);
export const NextIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="m9 18 6-6-6-6" />
  </svg>
);
export const UpIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="m18 15-6-6-6 6" />
  </svg>
);
export const DownIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="m6 9 6 6 6-6" />
  </svg>
);
export const TrashIcon = () => (
  <svg aria-hidden="true" {...base}>
    <path {...stroke} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
export const PlusIcon = () => (
  <svg aria-hidden="true" {...base} width={18} height={18}>
    <path {...stroke} d="M12 5v14M5 12h14" />
  </svg>
);
export const ExternalIcon = () => (
  <svg aria-hidden="true" {...base} width={18} height={18}>
    <path {...stroke} d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);
export const FileIcon = () => (
  <svg aria-hidden="true" {...base} width={28} height={28}>
    <path {...stroke} d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path {...stroke} d="M14 3v5h5M9 13h6M9 17h4" />
  </svg>
);
export const ImageIcon = () => (
  <svg aria-hidden="true" {...base}>
    <rect {...stroke} x="3" y="4" width="18" height="16" rx="2" />
    <circle {...stroke} cx="9" cy="10" r="2" />
    <path {...stroke} d="m21 16-5-5-9 9" />
  </svg>
);
export const SpreadIcon = () => (
  <svg aria-hidden="true" {...base} width={40} height={40}>
    <rect {...stroke} x="3" y="5" width="18" height="14" rx="2" />
    <path {...stroke} d="M7 9h6M7 12h10M7 15h8" />
  </svg>
);
export const CloseIconSmall = () => (
  <svg aria-hidden="true" {...base} width={16} height={16}>
    <path {...stroke} d="M18 6 6 18M6 6l12 12" />
  </svg>
);
