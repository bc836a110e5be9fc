/**
 * A debounced search that starts at 3 typed characters (document 1 section 5: transfer users,
 * new-ticket contacts) and lists the answers to pick one.
 */
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { SEARCH_DEBOUNCE_MS } from '../../app/constants.js';
import { FieldBox } from '../../ui/form.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { useLatest } from '../../ui/useLatest.js';

export const MIN_SEARCH_CHARS = 3;

const Results = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 180px;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 6px;
  &:empty {
    display: none;
  }
  button {
    width: 100%;
    padding: 8px 10px;
    border: none;
    background: transparent;
    color: inherit;
    text-align: left;
    cursor: pointer;
  }
  button[aria-pressed='true'],
  button:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

interface SearchPickerProps<T extends { id: string }> {
  label: string;
  name: string;
  search(text: string): Promise<T[]>;
  describe(item: T): string;
  value: T | null;
  onChange(item: T | null): void;
  onError(error: unknown): void;
}

export function SearchPicker<T extends { id: string }>({ label, name, search, describe, value, onChange, onError }: SearchPickerProps<T>) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<T[]>([]);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const latest = useLatest({ search, onError });

  useEffect(() => {
    if (term.length < MIN_SEARCH_CHARS) {
      setFound([]);
      return;
    }
    let active = true;
    latest.current
      .search(term)
      .then((items) => active && setFound(items))
      .catch((error: unknown) => active && latest.current.onError(error));
    return () => {
      active = false;
    };
  }, [term, latest]);

  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
      <Results data-results={name}>
        {found.map((item) => (
          <li key={item.id}>
            <button type="button" aria-pressed={value?.id === item.id} onClick={() => onChange(value?.id === item.id ? null : item)}>
              {describe(item)}
            </button>
          </li>
        ))}
      </Results>
    </FieldBox>
  );
}
