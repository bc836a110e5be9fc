/** Buttons, spinner and badges shared by every page. */
import type { ButtonHTMLAttributes } from 'react';
import styled, { css, keyframes } from 'styled-components';
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
  &:disabled {
    opacity: 0.55;
    cursor: default;
  }
  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.primary};
          color: ${theme.onPrimary};
        `;
      case 'danger':
        return css`
          background: ${theme.error};
          color: #fff;
        `;
      case 'outlined':
        return css`
          background: transparent;
          color: ${theme.mode === 'dark' ? theme.text : theme.primary};
          border-color: ${theme.border};
        `;
      case 'text':
        return css`
          background: transparent;
          color: ${theme.mode === 'dark' ? theme.text : theme.primary};
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
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;

export function IconButton({ icon, label, ...rest }: { icon: IconName; label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <RoundButton type="button" aria-label={label} title={label} {...rest}>
      <Icon name={icon} />
      {rest.children}
    </RoundButton>
  );
}

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

/** A count or a dot on a corner of an icon button. */
export const Badge = styled.span<{ $color?: 'error' | 'warning' | 'success' }>`
  position: absolute;
  top: 2px;
  right: 2px;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  color: #fff;
  background: ${({ theme, $color = 'error' }) => theme[$color]};
  &:empty {
    min-width: 9px;
    width: 9px;
    height: 9px;
    padding: 0;
  }
`;

export const Chip = styled.span<{ $color?: string }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 10px;
  font-size: 12px;
  color: #fff;
  background: ${({ $color, theme }) => $color ?? theme.textSecondary};
`;
