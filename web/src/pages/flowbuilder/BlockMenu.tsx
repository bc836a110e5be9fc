/**
 * The floating menu of block types (document 3 section 2): Inicio, Conteúdo, Menu, Randomizador,
 * Intervalo, Ticket, TypeBot, OpenAI, Pergunta, and Condição (a block the canvas has and the
 * engine runs, so it can be drawn too).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FlowNodeType } from '@atende/shared';

export const MENU_BLOCKS = ['start', 'singleBlock', 'menu', 'randomizer', 'interval', 'ticket', 'typebot', 'openai', 'question', 'condition'] as const satisfies readonly FlowNodeType[];
export type MenuBlock = (typeof MENU_BLOCKS)[number];

const Panel = styled.nav`
  position: absolute;
  top: 12px;
  left: 12px;
  z-index: 5;
  display: flex;
  flex-direction: column;
  gap: 2px;
  max-height: calc(100% - 24px);
  overflow-y: auto;
  padding: 6px;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
  button {
    padding: 6px 10px;
    border: none;
    border-radius: 6px;
    background: transparent;
    color: ${({ theme }) => theme.text};
    text-align: left;
    cursor: pointer;
    white-space: nowrap;
  }
  button:hover {
    background: ${({ theme }) => theme.hover};
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
  /* Narrow windows: a row along the top that scrolls sideways. */
  @media (max-width: 599px) {
    right: 12px;
    flex-direction: row;
    overflow-x: auto;
  }
`;

export function BlockMenu({ onPick }: { onPick(type: MenuBlock): void }) {
  const { t } = useTranslation();
  return (
    <Panel aria-label={t('web.flowEditor.blockMenu')}>
      {MENU_BLOCKS.map((type) => (
        <button key={type} type="button" data-add-block={type} onClick={() => onPick(type)}>
          + {t(`web.flowEditor.blocks.${type}`)}
        </button>
      ))}
    </Panel>
  );
}
