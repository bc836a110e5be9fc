/**
 * The composer's "/" suggestions (document 1 section 5) and their keys: arrows move through the
 * list, Enter or Tab pick the marked answer, Escape closes it. While a typed "/" matches answers,
 * Enter never sends it: a half-typed shortcut must not reach the customer (closed with Escape,
 * Enter opens the list again).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { QuickMessage } from '@atende/shared';
import { MenuItem } from '../../ui/Popover.js';
import { quickAnswers, type QuickAnswer } from './ticketRules.js';

const List = styled.ul`
  position: absolute;
  left: 12px;
  right: 12px;
  bottom: calc(100% + 4px);
  margin: 0;
  padding: 4px 0;
  list-style: none;
  max-height: 240px;
  overflow-y: auto;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
  [aria-selected='true'] {
    background: ${({ theme }) => theme.selected};
  }
`;

const LIST_ID = 'composer-quick-answers';

export interface QuickAnswerPicker {
  suggestions: QuickAnswer[];
  open: boolean;
  active: number;
  /** Takes the key when the suggestions are concerned; answers whether it did. */
  onKey(event: KeyboardEvent): boolean;
  /** What the input carries for assistive technology (the list it controls, the marked option). */
  inputProps: Record<string, string | undefined>;
}

export function useQuickAnswerPicker(text: string, quick: QuickMessage[], enabled: boolean, pick: (answer: QuickAnswer) => void): QuickAnswerPicker {
  const suggestions = enabled ? quickAnswers(text, quick) : [];
  const [active, setActive] = useState(0);
  /** The text at which Escape closed the list: typing on opens it again. */
  const [closedAt, setClosedAt] = useState<string | null>(null);
  useEffect(() => setActive(0), [text]);
  const open = suggestions.length > 0 && closedAt !== text;
  const marked = Math.min(active, Math.max(0, suggestions.length - 1));

  const onKey = (event: KeyboardEvent): boolean => {
    if (suggestions.length === 0) return false;
    const enter = event.key === 'Enter' && !event.shiftKey;
    if (!open) {
      if (!enter) return false;
      setClosedAt(null);
      return true;
    }
    const count = suggestions.length;
    if (event.key === 'ArrowDown') setActive((marked + 1) % count);
    else if (event.key === 'ArrowUp') setActive((marked - 1 + count) % count);
    else if (enter || event.key === 'Tab') pick(suggestions[marked]!);
    else if (event.key === 'Escape') setClosedAt(text);
    else return false;
    return true;
  };

  // A textarea is a textbox: it may say it suggests and which option is marked (not expanded).
  const inputProps = {
    'aria-autocomplete': 'list',
    'aria-controls': open ? LIST_ID : undefined,
    'aria-activedescendant': open ? `${LIST_ID}-${marked}` : undefined,
  };
  return { suggestions, open, active: marked, onKey, inputProps };
}

export function QuickAnswerList({ picker, onPick }: { picker: QuickAnswerPicker; onPick(answer: QuickAnswer): void }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [picker.active]);
  if (!picker.open) return null;
  return (
    <List ref={list} id={LIST_ID} role="listbox" aria-label={t('web.inbox.composer.quickAnswers')}>
      {picker.suggestions.map((suggestion, index) => (
        <li key={suggestion.id}>
          <MenuItem
            type="button"
            role="option"
            id={`${LIST_ID}-${index}`}
            aria-selected={index === picker.active}
            tabIndex={-1}
            // The input keeps the focus: the agent goes on typing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(suggestion)}
          >
            {suggestion.label}
          </MenuItem>
        </li>
      ))}
    </List>
  );
}
