/** The tutorial's illustrations: one drawing per step, in the app's colours. */
export function TutorialArt({ step }: { step: number }) {
  return (
    <svg className="tutorial-art" viewBox="0 0 240 150" role="img" aria-hidden="true">
      <rect width="240" height="150" rx="18" fill="var(--brand-soft)" />
      {DRAWINGS[step - 1]?.()}
    </svg>
  );
}

function MakeCardArt() {
  return (
    <g>
      <rect x="80" y="14" width="80" height="122" rx="12" fill="#fff" stroke="var(--ink)" strokeWidth="3" />
      <rect x="90" y="34" width="60" height="38" rx="5" fill="var(--brand)" />
      <circle cx="104" cy="50" r="7" fill="#fff" />
      <rect x="116" y="45" width="26" height="4" rx="2" fill="#fff" />
      <rect x="116" y="53" width="18" height="4" rx="2" fill="#fff" />
      <rect x="90" y="82" width="60" height="6" rx="3" fill="var(--line)" />
      <rect x="90" y="94" width="44" height="6" rx="3" fill="var(--line)" />
      <circle cx="120" cy="118" r="9" fill="none" stroke="var(--brand)" strokeWidth="3" />
    </g>
  );
}

function ShareArt() {
  return (
    <g>
      <rect x="40" y="25" width="100" height="100" rx="10" fill="#fff" stroke="var(--ink)" strokeWidth="3" />
      {[0, 1, 2].map((i) =>
        [0, 1, 2].map((j) =>
          (i + j) % 2 === 0 ? (
            <rect key={`${i}-${j}`} x={55 + i * 25} y={40 + j * 25} width="20" height="20" rx="3" fill="var(--brand)" />
          ) : null,
        ),
      )}
      <path
        d="M160 75h45M190 60l15 15-15 15"
        fill="none"
        stroke="var(--brand)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

function ScanCardArt() {
  return (
    <g>
      <rect x="62" y="45" width="116" height="70" rx="8" fill="#fff" stroke="var(--ink)" strokeWidth="3" />
      <rect x="76" y="60" width="50" height="7" rx="3" fill="var(--ink)" />
      <rect x="76" y="74" width="70" height="5" rx="2.5" fill="var(--line)" />
      <rect x="76" y="85" width="60" height="5" rx="2.5" fill="var(--line)" />
      <path
        d="M50 40v-12h18M190 40v-12h-18M50 120v12h18M190 120v12h-18"
        fill="none"
        stroke="var(--brand)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <rect x="56" y="78" width="128" height="4" rx="2" fill="var(--brand)" opacity="0.7" />
    </g>
  );
}

function GroupExchangeArt() {
  return (
    <g>
      <path d="M120 40L70 105M120 40l50 65M70 105h100" stroke="var(--brand)" strokeWidth="4" strokeDasharray="6 6" />
      {[
        [120, 40],
        [70, 105],
        [170, 105],
      ].map(([cx, cy]) => (
        <g key={`${cx}-${cy}`}>
          <circle cx={cx} cy={cy} r="22" fill="#fff" stroke="var(--ink)" strokeWidth="3" />
          <circle cx={cx} cy={(cy ?? 0) - 5} r="7" fill="var(--brand)" />
          <path d={`M${(cx ?? 0) - 11} ${(cy ?? 0) + 13}a11 9 0 0 1 22 0`} fill="var(--brand)" />
        </g>
      ))}
    </g>
  );
}

/** The drawings of steps 1 to 4, in order. */
const DRAWINGS = [MakeCardArt, ShareArt, ScanCardArt, GroupExchangeArt];
