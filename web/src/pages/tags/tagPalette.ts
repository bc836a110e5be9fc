/**
 * The tag dialog's fixed palette of 50 colours (document 2 section 2): ten hues in five shades,
 * from light to dark, plus the default tag colour kept first so that it is always offered.
 */
import { TAG_DEFAULT_COLOR } from '@atende/shared';

const HUES = [0, 30, 50, 90, 140, 175, 200, 225, 265, 310];
const SHADES: [saturation: number, lightness: number][] = [
  [70, 72],
  [70, 58],
  [65, 46],
  [70, 36],
  [75, 26],
];

function hex(value: number): string {
  return Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');
}

/** An HSL colour (degrees, percent, percent) as #rrggbb. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}

const generated = HUES.flatMap((hue) => SHADES.map(([saturation, lightness]) => hslToHex(hue, saturation, lightness)));

/** 50 distinct colours; the last generated one gives way to the default colour. */
export const TAG_PALETTE: readonly string[] = [TAG_DEFAULT_COLOR, ...generated.slice(0, 49)];
