/** A button that opens a small panel below it (menus, pickers); outside clicks and Escape close it. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Anchor = styled.div`
  position: relative;
  display: inline-flex;
`;

const Panel = styled.div<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: calc(100% + 6px);
  ${({ $align }) => ($align === 'right' ? 'right: 0;' : 'left: 0;')}
  z-index: 1200;
  min-width: 200px;
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
  span {
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
  label?: string;
}

export function Popover({ trigger, children, align = 'right', label }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
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
        <Panel $align={align} role="dialog" aria-label={label}>
          {typeof children === 'function' ? children(close) : children}
        </Panel>
      ) : null}
    </Anchor>
  );
}
