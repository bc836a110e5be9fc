/** What a list or a pane says when it has nothing yet: an icon, a title and the next step. */
import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './icons.js';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  margin: auto;
  padding: 32px 16px;
  max-width: 420px;
  text-align: center;
  color: ${({ theme }) => theme.textSecondary};
  > svg {
    padding: 12px;
    width: 52px;
    height: 52px;
    border-radius: 50%;
    background: ${({ theme }) => theme.selected};
    color: ${({ theme }) => theme.accent};
  }
  h2 {
    margin: 4px 0 0;
    font-size: 16px;
    color: ${({ theme }) => theme.text};
  }
  > div {
    margin: 0;
  }
`;

interface EmptyStateProps extends HTMLAttributes<HTMLDivElement> {
  icon: IconName;
  title: string;
  /** The next step: a sentence, a link or a button. */
  children?: ReactNode;
}

export function EmptyState({ icon, title, children, ...rest }: EmptyStateProps) {
  return (
    <Box {...rest}>
      <Icon name={icon} />
      <h2>{title}</h2>
      {children ? <div>{children}</div> : null}
    </Box>
  );
}
