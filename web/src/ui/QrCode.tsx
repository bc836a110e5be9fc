/** A QR code drawn as SVG (dark modules as one path, with the standard 4-module quiet zone). */
import { useMemo } from 'react';
import QRCodeModel from 'qrcode-terminal/vendor/QRCode/index.js';
import levels from 'qrcode-terminal/vendor/QRCode/QRErrorCorrectLevel.js';

const QUIET_ZONE = 4;

export function qrModules(text: string): boolean[][] {
  // Type -1: the smallest version that fits; level M survives some glare on a screen.
  const model = new QRCodeModel(-1, levels.M);
  model.addData(text);
  model.make();
  const count = model.getModuleCount();
  return Array.from({ length: count }, (_row, row) => Array.from({ length: count }, (_col, col) => model.isDark(row, col)));
}

export function QrCode({ value, size = 264, label }: { value: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const modules = qrModules(value);
    const segments: string[] = [];
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) segments.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      }),
    );
    return { path: segments.join(''), extent: modules.length + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges" data-qrcode={value}>
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
