import { encode } from 'uqr';

/** A QR code as crisp SVG squares (prints sharp at any size); `label` names it for screen readers. */
export function QrCode({ text, label, size }: { text: string; label: string; size: string }) {
  const { data, size: modules } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="shrink-0"
      style={{ width: size, height: size }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
