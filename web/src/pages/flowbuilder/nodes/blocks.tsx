/** The block of each node type on the canvas (document 3 section 3's table), in the frame of BlockFrame. */
import type { NodeProps, NodeTypes } from '@xyflow/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FLOW_CONDITION_HANDLES, FLOW_RANDOMIZER_HANDLES, menuHandle, type FlowContentElement, type FlowNodeType } from '@atende/shared';
import { dataOf, type EditorNode } from '../graph.js';
import { useEditor } from '../editorContext.js';
import { BlockFrame, Exit } from './BlockFrame.js';

type BlockProps = NodeProps<EditorNode>;

const Text = styled.p`
  margin: 0;
  max-height: 96px;
  overflow: hidden;
`;

const Muted = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.textSecondary};
`;

const Thumb = styled.img`
  display: block;
  max-width: 100%;
  max-height: 120px;
  border-radius: 4px;
`;

function useFrame(props: BlockProps) {
  const { t } = useTranslation();
  const type = props.type as FlowNodeType;
  return { t, frame: { id: props.id, type, selected: Boolean(props.selected), title: t(`web.flowEditor.blocks.${type}`) } };
}

function StartBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  return (
    <BlockFrame {...frame} noTarget>
      <Text>{t('web.flowEditor.startLabel')}</Text>
    </BlockFrame>
  );
}

function MessageBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { label } = dataOf(props, 'message');
  return (
    <BlockFrame {...frame}>
      <Text>{label || t('web.flowEditor.message.empty')}</Text>
    </BlockFrame>
  );
}

function IntervalBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { sec } = dataOf(props, 'interval');
  return (
    <BlockFrame {...frame}>
      <Text>{t('web.flowEditor.interval.label', { sec })}</Text>
    </BlockFrame>
  );
}

function ConditionBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { key, condition, value } = dataOf(props, 'condition');
  return (
    <BlockFrame
      {...frame}
      exits={
        <>
          <Exit id={FLOW_CONDITION_HANDLES.yes}>{t('web.flowEditor.handles.yes')}</Exit>
          <Exit id={FLOW_CONDITION_HANDLES.no}>{t('web.flowEditor.handles.no')}</Exit>
        </>
      }
    >
      <Text>
        {key ? `{{${key}}}` : t('web.flowEditor.condition.lastMessage')} {t(`web.flowEditor.condition.operators.${condition}`).toLowerCase()} “{value}”
      </Text>
    </BlockFrame>
  );
}

function MenuBlock(props: BlockProps) {
  const { frame } = useFrame(props);
  const { message, arrayOption } = dataOf(props, 'menu');
  return (
    <BlockFrame
      {...frame}
      exits={arrayOption.map((option) => (
        <Exit key={option.number} id={menuHandle(option.number)}>
          [{option.number}] {option.value}
        </Exit>
      ))}
    >
      <Text>{message}</Text>
    </BlockFrame>
  );
}

function RandomizerBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { percent } = dataOf(props, 'randomizer');
  return (
    <BlockFrame
      {...frame}
      exits={
        <>
          <Exit id={FLOW_RANDOMIZER_HANDLES.percent}>{t('web.flowEditor.handles.percent', { percent })}</Exit>
          <Exit id={FLOW_RANDOMIZER_HANDLES.rest}>{t('web.flowEditor.handles.rest', { percent: 100 - percent })}</Exit>
        </>
      }
    />
  );
}

function ImageBlock(props: BlockProps) {
  const { frame } = useFrame(props);
  const { mediaUrl } = useEditor();
  const { url } = dataOf(props, 'img');
  const src = mediaUrl(url);
  return <BlockFrame {...frame}>{src ? <Thumb src={src} alt={url} /> : <Text>{url}</Text>}</BlockFrame>;
}

function AudioBlock(props: BlockProps) {
  const { frame } = useFrame(props);
  const { mediaUrl } = useEditor();
  const { url } = dataOf(props, 'audio');
  const src = mediaUrl(url);
  return (
    <BlockFrame {...frame}>
      {src ? <audio className="nodrag" controls preload="none" src={src} aria-label={url} style={{ width: '100%' }} /> : <Text>{url}</Text>}
    </BlockFrame>
  );
}

function VideoBlock(props: BlockProps) {
  const { frame } = useFrame(props);
  const { url } = dataOf(props, 'video');
  return (
    <BlockFrame {...frame}>
      <Text>{url}</Text>
    </BlockFrame>
  );
}

function elementSummary(t: TFunction, element: FlowContentElement): string {
  switch (element.type) {
    case 'message':
      return element.value;
    case 'interval':
      return t('web.flowEditor.interval.label', { sec: element.value });
    default:
      return `${t(`web.flowEditor.blocks.${element.type}`)}: ${element.original || element.value}`;
  }
}

const Cards = styled.ol`
  margin: 0;
  padding-left: 18px;
  li {
    max-height: 48px;
    overflow: hidden;
  }
`;

function ContentBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { seq, elements } = dataOf(props, 'singleBlock');
  const ordered = seq.map((number) => elements.find((element) => element.number === number)).filter((element) => element !== undefined);
  return (
    <BlockFrame {...frame}>
      <Cards>
        {ordered.map((element) => (
          <li key={element.number}>{elementSummary(t, element)}</li>
        ))}
      </Cards>
    </BlockFrame>
  );
}

function TypebotBlock(props: BlockProps) {
  const { frame } = useFrame(props);
  const { typebotIntegration } = dataOf(props, 'typebot');
  return (
    <BlockFrame {...frame}>
      <Text>{typebotIntegration.name}</Text>
      {typebotIntegration.typebotSlug ? <Muted>{typebotIntegration.typebotSlug}</Muted> : null}
    </BlockFrame>
  );
}

function QuestionBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { typebotIntegration } = dataOf(props, 'question');
  return (
    <BlockFrame {...frame}>
      <Text>{typebotIntegration.message}</Text>
      {typebotIntegration.answerKey ? <Muted>{t('web.flowEditor.question.savesIn', { key: `{{${typebotIntegration.answerKey}}}` })}</Muted> : null}
    </BlockFrame>
  );
}

function TicketBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { name } = dataOf(props, 'ticket');
  return (
    <BlockFrame {...frame}>
      <Text>{t('web.flowEditor.ticket.transfers', { name })}</Text>
    </BlockFrame>
  );
}

function OpenAiBlock(props: BlockProps) {
  const { t, frame } = useFrame(props);
  const { typebotIntegration } = dataOf(props, 'openai');
  return (
    <BlockFrame {...frame}>
      <Text>{typebotIntegration.name}</Text>
      <Muted>
        {t('web.flowEditor.openai.voice')}: {voiceName(t, typebotIntegration.voice)}
      </Muted>
    </BlockFrame>
  );
}

/** 'pt-BR-FranciscaNeural' reads 'Francisca'; 'texto' is the text-only answer. */
export function voiceName(t: TFunction, voice: string): string {
  if (voice === 'texto') return t('web.flowEditor.openai.voiceText');
  return voice.replace(/^[a-z]{2}-[A-Z]{2}-/, '').replace(/Neural$/, '');
}

export const nodeTypes: NodeTypes = {
  start: StartBlock,
  message: MessageBlock,
  interval: IntervalBlock,
  condition: ConditionBlock,
  menu: MenuBlock,
  img: ImageBlock,
  audio: AudioBlock,
  video: VideoBlock,
  randomizer: RandomizerBlock,
  singleBlock: ContentBlock,
  typebot: TypebotBlock,
  question: QuestionBlock,
  ticket: TicketBlock,
  openai: OpenAiBlock,
} satisfies Record<FlowNodeType, unknown>;
