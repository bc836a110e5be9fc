/** Buttons, spinner and badges shared by every page. */
import type { ButtonHTMLAttributes } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { safeColor } from '@atende/shared';
import { Icon, type IconName } from './icons.js';

type Variant = 'primary' | 'outlined' | 'danger' | 'text';

export const Button = styled.button.attrs<{ $variant?: Variant }>((props) => ({ type: props.type ?? 'button' }))<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 34px;
  padding: 6px 14px;
  border-radius: 6px;
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.55;
    cursor: default;
  }
  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.accentFill};
          color: ${theme.onAccent};
          &:hover:not(:disabled) {
            filter: brightness(1.1);
          }
        `;
      case 'danger':
        // Destructive actions are secondary: outlined in red, never the loudest button.
        return css`
          background: transparent;
          color: ${theme.error};
          border-color: currentColor;
          &:hover:not(:disabled) {
            background: ${theme.hover};
          }
        `;
      case 'outlined':
        return css`
          background: transparent;
          color: ${theme.text};
          border-color: ${theme.border};
          &:hover:not(:disabled) {
            background: ${theme.hover};
          }
        `;
      case 'text':
        return css`
          background: transparent;
          color: ${theme.accent};
          &:hover:not(:disabled) {
            background: ${theme.hover};
          }
        `;
    }
  }}
`;

const RoundButton = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: rgba(127, 127, 127, 0.18);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

/**
 * A round button with an icon, its name as the tooltip and the accessible label. With `count`, a
 * badge shows it and the label says it ("Notifications (3)"); data-count carries it for tests.
 */
export function IconButton({ icon, label, count, ...rest }: { icon: IconName; label: string; count?: number } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const counted = count !== undefined && count > 0;
  const button = (
    <RoundButton type="button" aria-label={counted ? `${label} (${count})` : label} title={label} data-count={count} {...rest}>
      <Icon name={icon} />
      {rest.children}
    </RoundButton>
  );
  if (!counted) return button;
  // The badge sits beside the button, not in it: the button's label already says the count.
  return (
    <CountedAnchor data-badge-host>
      {button}
      <Badge aria-hidden="true">{count}</Badge>
    </CountedAnchor>
  );
}

/** A button with its badge on the top-right corner (the anchor, not the page, is positioned). */
const CountedAnchor = styled.span`
  position: relative;
  display: inline-flex;
  > [data-badge] {
    position: absolute;
    top: 2px;
    right: 2px;
    pointer-events: none;
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const Spinner = styled.span<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 16 }) => $size}px;
  height: ${({ $size = 16 }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

/**
 * A count, a status word or a dot, drawn where it is placed (in its row); IconButton's `count`
 * puts one on the button's corner. Every badge carries data-badge (the tests find them all).
 */
export const Badge = styled.span.attrs(() => ({ 'data-badge': '' }) as Record<string, string>)<{ $color?: 'error' | 'warning' | 'success' }>`
  display: inline-block;
  flex: none;
  box-sizing: border-box;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  color: ${({ theme }) => (theme.mode === 'dark' ? '#111317' : '#fff')};
  background: ${({ theme, $color = 'error' }) => theme[$color]};
  &:empty {
    min-width: 9px;
    width: 9px;
    height: 9px;
    padding: 0;
  }
`;

/** Black or white, whichever reads better on a colour a user picked (queues, tags). */
export function readableOn(color: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // The luminance where black and white text have the same contrast.
  return luminance > 0.179 ? '#111317' : '#ffffff';
}

/**
 * A coloured label (queue, tag); without a colour, a neutral one. The colour goes into CSS only
 * if it is one (safeColor): a stored value is another user's input.
 */
export const Chip = styled.span<{ $color?: string }>`
  display: inline-block;
  max-width: 100%;
  padding: 1px 8px;
  border-radius: 10px;
  font-size: 12px;
  line-height: 18px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: middle;
  color: ${({ $color, theme }) => ($color ? readableOn(safeColor($color)) : theme.text)};
  background: ${({ $color, theme }) => ($color ? safeColor($color) : theme.hover)};
  border: 1px solid ${({ $color, theme }) => ($color ? safeColor($color) : theme.border)};
`;
