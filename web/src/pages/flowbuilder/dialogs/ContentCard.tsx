/** One card of a content sequence: a text, an interval, or an image, audio or video file. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FlowContentElement, FlowMediaKind } from '@atende/shared';
import { IconButton } from '../../../ui/controls.js';
import { FieldBox } from '../../../ui/form.js';
import { useEditorToast } from '../editorToast.js';
import { AudioRecorderButton } from './AudioRecorderButton.js';
import { acceptOf, fileProblem } from './mediaFiles.js';
import { VariableButtons } from './VariableButtons.js';

/** A card being edited; `file` is chosen or recorded and not uploaded yet. */
export interface Card {
  key: string;
  type: FlowContentElement['type'];
  value: string;
  original?: string;
  record?: boolean;
  file?: File;
}

const Frame = styled.li`
  list-style: none;
  margin-bottom: 10px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  header {
    display: flex;
    align-items: center;
    gap: 2px;
    strong {
      flex: 1;
    }
  }
`;

const Media = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  span {
    overflow-wrap: anywhere;
  }
`;

interface ContentCardProps {
  card: Card;
  index: number;
  last: boolean;
  onChange(card: Card): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

export function ContentCard({ card, index, last, onChange, onMove, onRemove }: ContentCardProps) {
  const { t } = useTranslation();
  const toast = useEditorToast();
  const text = useRef<HTMLTextAreaElement>(null);
  const title = t(`web.flowEditor.blocks.${card.type}`);
  const fieldId = `content-card-${card.key}`;
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(card.type as FlowMediaKind, file);
    if (problem) return toast.error(t(problem.key, problem.options));
    onChange({ ...card, file, original: file.name, record: false });
  };
  return (
    <Frame data-card={card.type} data-card-index={index}>
      <header>
        <strong>
          {index + 1}. {title}
        </strong>
        <IconButton icon="chevronDown" label={t('web.flowEditor.content.moveUp')} style={{ transform: 'rotate(180deg)' }} disabled={index === 0} onClick={() => onMove(-1)} />
        <IconButton icon="chevronDown" label={t('web.flowEditor.content.moveDown')} disabled={last} onClick={() => onMove(1)} />
        <IconButton icon="trash" label={t('web.flowEditor.content.removeCard')} onClick={onRemove} />
      </header>
      {card.type === 'message' ? (
        <FieldBox>
          <label htmlFor={fieldId}>{title}</label>
          <textarea id={fieldId} ref={text} rows={3} value={card.value} onChange={(event) => onChange({ ...card, value: event.target.value })} />
          <VariableButtons target={text} value={card.value} onChange={(value) => onChange({ ...card, value })} />
        </FieldBox>
      ) : card.type === 'interval' ? (
        <FieldBox>
          <label htmlFor={fieldId}>{t('web.flowEditor.interval.seconds')}</label>
          <input
            id={fieldId}
            type="number"
            min={1}
            max={120}
            value={card.value}
            onChange={(event) => {
              if (Number(event.target.value) > 120) toast.warning(t('web.flowEditor.interval.max'));
              onChange({ ...card, value: event.target.value });
            }}
          />
        </FieldBox>
      ) : (
        <Media>
          <input type="file" accept={acceptOf(card.type)} onChange={(event) => choose(event.target.files?.[0])} aria-label={`${title}: ${t('web.flowEditor.content.chooseFile')}`} />
          {card.type === 'audio' ? <AudioRecorderButton onRecorded={(file) => onChange({ ...card, file, original: file.name, record: true })} /> : null}
          <span data-card-file>{card.record ? t('web.flowEditor.content.recorded') : (card.original ?? card.value ?? '')}</span>
        </Media>
      )}
    </Frame>
  );
}
