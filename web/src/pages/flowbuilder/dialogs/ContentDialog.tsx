/**
 * The content block (singleBlock, document 3 sections 3-5): an ordered sequence of text, interval,
 * image, audio and video cards. Files are uploaded together on save (POST /flowbuilder/content)
 * while 'Subindo os arquivos e criando o conteúdo...' shows; then seq and elements are written.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { FlowContentElement, FlowNodeData } from '@atende/shared';
import { useApi } from '../../../app/api.js';
import { Button, Spinner } from '../../../ui/controls.js';
import { intervalProblem, useEditorErrorToast, useEditorToast } from '../editorToast.js';
import { useEditor } from '../editorContext.js';
import { newNodeId } from '../graph.js';
import { BlockDialog, type BlockDialogProps } from './BlockDialog.js';
import { ContentCard, type Card } from './ContentCard.js';
import { compressed } from './mediaFiles.js';

const CARD_TYPES: { type: Card['type']; label: string }[] = [
  { type: 'message', label: 'addText' },
  { type: 'interval', label: 'addInterval' },
  { type: 'img', label: 'addImage' },
  { type: 'audio', label: 'addAudio' },
  { type: 'video', label: 'addVideo' },
];

const Adders = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
`;

const List = styled.ol`
  margin: 0;
  padding: 0;
`;

const Uploading = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 24px 0;
`;

function cardsOf(data: FlowNodeData['singleBlock'] | undefined): Card[] {
  if (!data) return [];
  return data.seq.flatMap((number) => {
    const element = data.elements.find((candidate) => candidate.number === number);
    return element ? [{ key: number, type: element.type, value: String(element.value), original: element.original, record: element.record }] : [];
  });
}

/** The text key of the first problem of the cards, or null. */
function cardsProblem(cards: Card[]): string | null {
  if (cards.length === 0) return 'web.flowEditor.content.noCards';
  if (cards.some((card) => card.type === 'message' && !card.value.trim())) return 'web.flowEditor.content.emptyText';
  if (cards.some((card) => card.type !== 'message' && card.type !== 'interval' && !card.file && !card.value)) return 'web.flowEditor.content.emptyMedia';
  for (const card of cards) if (card.type === 'interval' && intervalProblem(card.value)) return intervalProblem(card.value);
  return null;
}

export function ContentDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['singleBlock']>) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useEditorToast();
  const failed = useEditorErrorToast();
  const editor = useEditor();
  const [cards, setCards] = useState<Card[]>(() => cardsOf(data));
  const [uploading, setUploading] = useState(false);

  const add = (type: Card['type']) => setCards((current) => [...current, { key: newNodeId(), type, value: '' }]);
  const change = (card: Card) => setCards((current) => current.map((other) => (other.key === card.key ? card : other)));
  const move = (index: number, by: -1 | 1) =>
    setCards((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });

  const submit = async () => {
    const problem = cardsProblem(cards);
    if (problem) return toast.error(t(problem));
    const pending = cards.filter((card) => card.file);
    let stored = cards;
    if (pending.length > 0) {
      setUploading(true);
      try {
        const files = await Promise.all(pending.map((card) => compressed(card.file!)));
        const { names = [], urls = [] } = await api.flows.uploadFlowMedia('content', files);
        editor.addMediaUrls(names, urls);
        const byKey = new Map(pending.map((card, index) => [card.key, names[index] ?? '']));
        stored = cards.map((card) => (byKey.has(card.key) ? { ...card, value: byKey.get(card.key)!, file: undefined } : card));
      } catch (error) {
        setUploading(false);
        return failed(error);
      }
    }
    const elements: FlowContentElement[] = stored.map((card, index) => ({
      number: `${card.type}${index}`,
      type: card.type,
      value: card.value,
      ...(card.original ? { original: card.original } : {}),
      ...(card.type === 'audio' ? { record: Boolean(card.record) } : {}),
    }));
    onSave({ seq: elements.map((element) => element.number), elements });
  };

  return (
    <BlockDialog
      editing={Boolean(data)}
      title={t(data ? 'web.flowEditor.content.editTitle' : 'web.flowEditor.content.addTitle')}
      onCancel={onCancel}
      onSubmit={() => void submit()}
      busy={uploading}
      width={640}
    >
      {uploading ? (
        <Uploading role="status" data-uploading>
          <Spinner $size={20} />
          {t('web.flowEditor.content.uploading')}
        </Uploading>
      ) : (
        <>
          <Adders role="group" aria-label={t('web.flowEditor.content.cards')}>
            {CARD_TYPES.map(({ type, label }) => (
              <Button key={type} $variant="outlined" onClick={() => add(type)} data-add-card={type}>
                + {t(`web.flowEditor.content.${label}`)}
              </Button>
            ))}
          </Adders>
          <List>
            {cards.map((card, index) => (
              <ContentCard
                key={card.key}
                card={card}
                index={index}
                last={index === cards.length - 1}
                onChange={change}
                onMove={(by) => move(index, by)}
                onRemove={() => setCards((current) => current.filter((other) => other.key !== card.key))}
              />
            ))}
          </List>
        </>
      )}
    </BlockDialog>
  );
}
