/** A person's picture, or the initials of the name on a colour of its own (stable per name). */
import styled from 'styled-components';
import { readableOn } from './controls.js';

const COLORS = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#be123c', '#15803d', '#0369a1', '#a21caf'];

/**
 * Up to two initials, from the first and last words that start with a letter ("Ana Maria Souza"
 * -> "AS", "Cliente 23" -> "C"); a name without letters (a phone number) gives its first digit.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  if (words.length === 0) return name.trim().match(/\p{N}/u)?.[0] ?? '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words.at(-1)!][0]! : '';
  return (first + last).toUpperCase();
}

function colorOf(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

const Circle = styled.span<{ $size: number; $color: string }>`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: 600;
  color: ${({ $color }) => readableOn($color)};
  background: ${({ $color }) => $color};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function Avatar({ name, url, size = 40 }: { name: string; url?: string | null; size?: number }) {
  return (
    <Circle $size={size} $color={colorOf(name)} aria-hidden="true">
      {url ? <img src={url} alt="" loading="lazy" /> : initialsOf(name)}
    </Circle>
  );
}
