/**
 * The side note listing the graph's problems: a count in the canvas' corner that opens the list
 * (folded, it hides no block); a click on a problem selects and shows its block.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface ListedProblem {
  key: string;
  nodeId: string | null;
  block: string;
  text: string;
}

const Note = styled.aside`
  position: absolute;
  right: 12px;
  bottom: 12px;
  z-index: 5;
  max-width: min(300px, calc(100% - 24px));
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.error};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
  font-size: 12px;
  > button {
    width: 100%;
    padding: 6px 10px;
    border: none;
    background: none;
    color: ${({ theme }) => theme.error};
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }
  ul {
    max-height: 30vh;
    overflow-y: auto;
    margin: 0;
    padding: 0 10px 8px 26px;
  }
  li button {
    padding: 0;
    border: none;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
    text-decoration: underline dotted;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
`;

export function ProblemsNote({ problems, onShow }: { problems: ListedProblem[]; onShow(nodeId: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (problems.length === 0) return null;
  return (
    <Note aria-label={t('web.flowEditor.problems.title')} data-problems-note>
      <button type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        ⚠ {t('web.flowEditor.problems.count', { count: problems.length })}
      </button>
      {open ? (
        <ul>
          {problems.map((problem) => (
            <li key={problem.key} data-problem-for={problem.nodeId ?? ''}>
              {problem.nodeId ? (
                <button type="button" onClick={() => onShow(problem.nodeId!)}>
                  {problem.block}
                </button>
              ) : (
                problem.block
              )}
              : {problem.text}
            </li>
          ))}
        </ul>
      ) : null}
    </Note>
  );
}
