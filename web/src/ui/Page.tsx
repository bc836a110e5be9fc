/** Page frame of the private screens: a title row with actions, then a paper that scrolls. */
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode, type TableHTMLAttributes, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LOAD_MORE_THRESHOLD_PX } from '../app/constants.js';
import { Spinner } from './controls.js';
import type { PagedList } from './usePagedList.js';

export const PageFrame = styled.section`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  padding: 16px;
  gap: 12px;
`;

const HeaderRow = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  h1 {
    margin: 0;
    font-size: 20px;
    color: ${({ theme }) => theme.text};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <HeaderRow>
      <h1>{title}</h1>
      {children ? <Actions>{children}</Actions> : null}
    </HeaderRow>
  );
}

/** The page's paper: a table edge to edge, or (`$padded`) text and forms with room around them. */
export const Paper = styled.div<{ $padded?: boolean }>`
  flex: 1;
  min-height: 0;
  overflow: auto;
  padding: ${({ $padded }) => ($padded ? '16px 20px' : '0')};
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  > h2:first-child,
  > h3:first-child {
    margin-top: 0;
  }
`;

/** Several papers on one page: the page scrolls as one, each paper keeps its whole height. */
export const PaperStack = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: 12px;
  > ${Paper} {
    flex: none;
    overflow: visible;
  }
`;

export const SearchInput = styled.input.attrs({ type: 'search' })`
  min-width: 220px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 6px;
  background: ${({ theme }) => theme.paper};
`;

/** The search box of a list screen. */
export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return <SearchInput placeholder={t('web.common.search')} value={value} onChange={(event) => onChange(event.target.value)} aria-label={t('web.common.search')} />;
}

function nearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - (element.scrollTop + element.clientHeight) < LOAD_MORE_THRESHOLD_PX;
}

/**
 * Infinite scroll of a paged list's box: the next page within 100 px of the bottom, on scrolling
 * and after each page, so that a first page too short to fill the box is followed by the next.
 */
export function useInfiniteScroll<E extends HTMLElement>(list: Pick<PagedList<{ id: string }>, 'items' | 'hasMore' | 'loading' | 'loadMore'>) {
  const ref = useRef<E>(null);
  const { hasMore, loading, loadMore } = list;
  const count = list.items.length;
  useEffect(() => {
    if (ref.current && hasMore && !loading && nearBottom(ref.current)) loadMore();
  }, [count, hasMore, loading, loadMore]);
  const onScroll = useCallback((event: UIEvent<E>) => {
    if (nearBottom(event.currentTarget)) loadMore();
  }, [loadMore]);
  return { ref, onScroll };
}

const TableFrame = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 10px 12px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.border};
    vertical-align: middle;
  }
  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.paper};
    font-size: 12px;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: ${({ theme }) => theme.textSecondary};
  }
  td.actions {
    white-space: nowrap;
    text-align: right;
  }
  th.actions {
    text-align: right;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.hover};
  }
  /* Phones: each row is a card, every cell named by its column, the actions at the bottom in full view. */
  @media (max-width: 599px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tbody tr {
      display: block;
      padding: 8px 12px;
      border-bottom: 1px solid ${({ theme }) => theme.border};
    }
    td {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 12px;
      padding: 4px 0;
      border: none;
      text-align: right;
      overflow-wrap: anywhere;
    }
    td[data-label]::before {
      content: attr(data-label);
      flex-shrink: 0;
      font-size: 12px;
      font-weight: 600;
      text-align: left;
      color: ${({ theme }) => theme.textSecondary};
    }
    td.actions {
      flex-wrap: wrap;
      justify-content: flex-end;
      white-space: normal;
    }
    td.actions::before {
      content: none;
    }
  }
`;

/**
 * A list table; below 600 px its rows become stacked cards. Each cell is labelled with its
 * column's header (data-label) after every render, so pages write plain rows.
 */
export function Table(props: TableHTMLAttributes<HTMLTableElement>) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, index) => {
        const label = (cell as HTMLTableCellElement).colSpan > 1 ? '' : (headers[index] ?? '');
        if (label) cell.setAttribute('data-label', label);
        else cell.removeAttribute('data-label');
      });
    }
  });
  return <TableFrame ref={ref} {...props} />;
}

const EmptyRow = styled.td`
  text-align: center !important;
  color: ${({ theme }) => theme.textSecondary};
  padding: 24px !important;
  p {
    margin: 0 auto 12px;
    max-width: 460px;
  }
`;

interface StatusRowProps {
  loading: boolean;
  empty: boolean;
  colSpan: number;
  /** What the page holds and why it is empty: a sentence a new team reads on its first day. */
  text?: string;
  /** The next step (an "Add ..." button), offered when nothing is searched. */
  action?: ReactNode;
  /** The search typed: an empty answer then says that nothing matches it. */
  search?: string;
}

/** The last row of a table body: a spinner while loading, what to do next when empty, else none. */
export function StatusRow({ loading, empty, colSpan, text, action, search = '' }: StatusRowProps) {
  const { t } = useTranslation();
  if (!loading && !empty) return null;
  const searching = search.trim() !== '';
  return (
    <tr>
      <EmptyRow colSpan={colSpan} data-empty-row={loading ? undefined : searching ? 'search' : 'first'}>
        {loading ? (
          <Spinner />
        ) : (
          <>
            <p>{searching ? t('web.empty.search', { search: search.trim() }) : (text ?? t('web.common.empty'))}</p>
            {searching ? null : action}
          </>
        )}
      </EmptyRow>
    </tr>
  );
}
