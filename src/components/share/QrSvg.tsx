import { useMemo } from 'react';
import { type QrMatrix, QUIET_ZONE, qrPath } from './qr';

/** A QR symbol as one crisp SVG path, black on white with its quiet zone, described for screen readers. */
export function QrSvg({
  matrix,
  label,
  className = 'share-qr',
}: {
  matrix: QrMatrix;
  label: string;
  className?: string;
}) {
  const side = matrix.size + QUIET_ZONE * 2;
  const path = useMemo(() => qrPath(matrix), [matrix]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
