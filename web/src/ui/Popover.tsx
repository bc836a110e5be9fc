/**
 * A button that opens a small panel below (or above) it: menus, pickers. Outside clicks and
 * Escape close it; opening moves the focus into the panel and Escape gives it back to the
 * button, so it works from the keyboard. The panel never leaves a 320 px screen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Anchor = styled.div`
  position: relative;
  display: inline-flex;
`;

const Panel = styled.div<{ $align: 'left' | 'right'; $above: boolean }>`
  position: absolute;
  ${({ $above }) => ($above ? 'bottom: calc(100% + 6px);' : 'top: calc(100% + 6px);')}
  ${({ $align }) => ($align === 'right' ? 'right: 0;' : 'left: 0;')}
  z-index: 1200;
  min-width: min(200px, calc(100vw - 16px));
  max-width: calc(100vw - 16px);
  max-height: 70vh;
  overflow-y: auto;
  padding: 6px 0;
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const MenuItem = styled.button`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  padding: 9px 16px;
  border: none;
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

/** A two-line entry of a list popover (notifications, announcements, chats): a title row and a line of text. */
export const PopoverRow = styled(MenuItem)<{ $edge?: string }>`
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  min-width: 280px;
  ${({ $edge }) => ($edge ? `border-left: 4px solid ${$edge};` : '')}
  strong {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    width: 100%;
  }
  > span {
    color: ${({ theme }) => theme.textSecondary};
    max-width: 300px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** What a list popover says when it has nothing to list. */
export const PopoverEmpty = styled.p`
  margin: 0;
  padding: 12px 16px;
  color: ${({ theme }) => theme.textSecondary};
`;

interface PopoverProps {
  /** Renders the trigger; `toggle` opens or closes the panel. */
  trigger: (toggle: () => void, open: boolean) => ReactNode;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'left' | 'right';
  /** Opens above the trigger (the composer's pickers). */
  above?: boolean;
  label?: string;
}

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), a[href], select, textarea, [tabindex]:not([tabindex="-1"])';

export function Popover({ trigger, children, align = 'right', above = false, label }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // Into the panel: its first control (the checked one of a list of choices), else the panel itself.
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    const choice = first instanceof HTMLInputElement && first.type === 'radio' ? panel.current?.querySelector<HTMLElement>('input:checked') : null;
    (choice ?? first ?? panel.current)?.focus();
    const onPointer = (event: MouseEvent) => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (anchor.current?.contains(document.activeElement)) anchor.current.querySelector<HTMLElement>('button')?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <Anchor ref={anchor}>
      {trigger(() => setOpen((value) => !value), open)}
      {open ? (
        <Panel ref={panel} $align={align} $above={above} role="dialog" aria-label={label} tabIndex={-1}>
          {typeof children === 'function' ? children(close) : children}
        </Panel>
      ) : null}
    </Anchor>
  );
}
