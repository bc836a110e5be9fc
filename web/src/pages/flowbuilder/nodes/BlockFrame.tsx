/**
 * The frame of every block on the canvas (document 3 section 2): a left target handle, right
 * source handles, duplicate and delete icons, the selection highlight, the simulator's ring and
 * the block's problems (a red outline and a short text).
 */
import type { ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { FLOW_HANDLE_DEFAULT, type FlowNodeType } from '@atende/shared';
import { Icon } from '../../../ui/icons.js';
import { BLOCK_WIDTH } from '../graph.js';
import { useEditor } from '../editorContext.js';

/** A colour per block family, for the header stripe. */
const HUES: Record<FlowNodeType, string> = {
  start: '#15803d',
  message: '#2563eb',
  singleBlock: '#2563eb',
  img: '#2563eb',
  audio: '#2563eb',
  video: '#2563eb',
  interval: '#a15c00',
  condition: '#7c3aed',
  menu: '#0e7490',
  randomizer: '#7c3aed',
  question: '#0e7490',
  ticket: '#be185d',
  typebot: '#4b5563',
  openai: '#4b5563',
};

const Frame = styled.div<{ $selected: boolean; $problem: boolean; $active: boolean }>`
  width: ${BLOCK_WIDTH}px;
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
  font-size: 12px;
  ${({ $problem, theme }) =>
    $problem &&
    css`
      border: 2px solid ${theme.error};
    `}
  ${({ $selected, theme }) =>
    $selected &&
    css`
      outline: 2px solid ${theme.accent};
      outline-offset: 2px;
    `}
  ${({ $active, theme }) =>
    $active &&
    css`
      box-shadow: 0 0 0 5px ${theme.success};
    `}
  .react-flow__handle {
    width: 12px;
    height: 12px;
    background: ${({ theme }) => theme.accentFill};
    border: 2px solid ${({ theme }) => theme.paper};
  }
`;

const Header = styled.header<{ $hue: string }>`
  display: flex;
  align-items: center;
  gap: 4px;
  padding: 4px 4px 4px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  border-left: 4px solid ${({ $hue }) => $hue};
  border-radius: 8px 8px 0 0;
  strong {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Tool = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 26px;
  height: 26px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
`;

const Body = styled.div`
  padding: 8px 10px;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Problems = styled.ul`
  margin: 0;
  padding: 6px 10px 8px 24px;
  color: ${({ theme }) => theme.error};
  border-top: 1px solid ${({ theme }) => theme.border};
`;

/** A labelled exit: a row whose right end carries the source handle `id`. */
export const ExitRow = styled.div`
  position: relative;
  margin: 4px -10px 0 0;
  padding: 3px 16px 3px 6px;
  border-radius: 4px 0 0 4px;
  background: ${({ theme }) => theme.hover};
  text-align: right;
`;

export function Exit({ id, children }: { id: string; children: ReactNode }) {
  return (
    <ExitRow data-exit={id}>
      {children}
      <Handle type="source" position={Position.Right} id={id} />
    </ExitRow>
  );
}

interface BlockFrameProps {
  id: string;
  type: FlowNodeType;
  title: string;
  selected: boolean;
  children?: ReactNode;
  /** Labelled exits (menu, condition, randomizer); otherwise the one exit 'a'. */
  exits?: ReactNode;
  noTarget?: boolean;
}

export function BlockFrame({ id, type, title, selected, children, exits, noTarget }: BlockFrameProps) {
  const { t } = useTranslation();
  const editor = useEditor();
  const problems = editor.problems.get(id) ?? [];
  const active = editor.activeNodeId === id;
  return (
    <Frame
      $selected={selected}
      $problem={problems.length > 0}
      $active={active}
      data-block={type}
      data-node-id={id}
      data-selected={selected || undefined}
      data-problems={problems.length || undefined}
      data-active={active || undefined}
    >
      {noTarget ? null : <Handle type="target" position={Position.Left} />}
      <Header $hue={HUES[type]}>
        <strong>{title}</strong>
        {editor.readOnly ? null : (
          <>
            <Tool className="nodrag" aria-label={t('web.flowEditor.duplicate')} title={t('web.flowEditor.duplicate')} onClick={() => editor.duplicate(id)}>
              <Icon name="copy" size={16} />
            </Tool>
            <Tool className="nodrag" aria-label={t('web.flowEditor.remove')} title={t('web.flowEditor.remove')} onClick={() => editor.remove(id)}>
              <Icon name="trash" size={16} />
            </Tool>
          </>
        )}
      </Header>
      <Body>
        {children}
        {exits}
      </Body>
      {exits ? null : <Handle type="source" position={Position.Right} id={FLOW_HANDLE_DEFAULT} />}
      {problems.length > 0 ? (
        <Problems data-block-problems>
          {problems.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Problems>
      ) : null}
    </Frame>
  );
}
