/**
 * The editor's simulator: a side panel where the author talks to the flow being edited as the
 * customer. The flow's messages (text with WhatsApp's marks, image, audio, video) and the author's
 * show as conversation bubbles; the block being run is highlighted on the canvas (onNode) and the
 * question variables listed; when the run ends, why, and a Restart button.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX, type FlowGraph } from '@atende/shared';
import { Text } from '../../tickets/MessageBody.js';
import { Bubble } from '../../tickets/MessageBubble.js';
import { Button, IconButton, Spinner } from '../../../ui/controls.js';
import { useSimulation, type SimulationMessage } from './useSimulation.js';
import { formatWhatsapp } from '../../../ui/whatsappText.js';

export interface FlowSimulatorProps {
  flowId: string;
  graph: () => FlowGraph;
  onNode: (nodeId: string | null) => void;
  onClose: () => void;
}

/** A column beside the canvas (below it on narrow windows), where the editor places it. */
const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  flex-shrink: 0;
  width: 360px;
  min-height: 0;
  overflow: hidden;
  background: ${({ theme }) => theme.background};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  @media (max-width: 899px) {
    width: 100%;
    height: 460px;
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 4px 8px 4px 12px;
    background: ${({ theme }) => theme.paper};
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  h2 {
    margin: 0;
    font-size: 16px;
  }
`;

const Messages = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 12px;
  img,
  video {
    display: block;
    max-width: 100%;
    border-radius: 6px;
  }
  audio {
    max-width: 100%;
  }
`;

const State = styled.section`
  padding: 8px 12px;
  font-size: 13px;
  background: ${({ theme }) => theme.paper};
  border-top: 1px solid ${({ theme }) => theme.border};
  h3 {
    margin: 0 0 4px;
    font-size: 12px;
    text-transform: uppercase;
    color: ${({ theme }) => theme.textSecondary};
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 8px;
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

const Ended = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 12px;
  border-top: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.hover};
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  padding: 8px 12px;
  background: ${({ theme }) => theme.paper};
  border-top: 1px solid ${({ theme }) => theme.border};
  input {
    flex: 1;
    min-width: 0;
    padding: 8px 10px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 6px;
    background: ${({ theme }) => theme.paper};
    color: ${({ theme }) => theme.text};
  }
`;

function SimulatedBody({ message }: { message: SimulationMessage }) {
  const url = message.mediaUrl;
  if (message.mediaType === 'image' && url) return <img src={url} alt={message.body} data-media="image" />;
  if (message.mediaType === 'audio' && url) return <audio controls src={url} data-media="audio" />;
  if (message.mediaType === 'video' && url) return <video controls src={url} data-media="video" />;
  return <Text data-body>{formatWhatsapp(message.body)}</Text>;
}

export default function FlowSimulator({ flowId, graph, onNode, onClose }: FlowSimulatorProps) {
  const { t } = useTranslation();
  const { phase, messages, variables, waiting, send, restart } = useSimulation({ flowId, graph, onNode });
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    void send(body);
  };

  const names = Object.keys(variables).sort();
  return (
    <Panel aria-label={t('web.flowbuilders.simulator.title')} data-flow-simulator={phase.kind}>
      <header>
        <h2>{t('web.flowbuilders.simulator.title')}</h2>
        <IconButton icon="close" label={t('web.flowbuilders.simulator.close')} onClick={onClose} />
      </header>
      <Messages aria-live="polite" data-simulator-messages>
        {phase.kind === 'starting' ? (
          <p>
            <Spinner /> {t('web.flowbuilders.simulator.starting')}
          </p>
        ) : null}
        {messages.map((message) => (
          <Bubble key={message.id} $fromMe={message.fromMe} data-simulator-message={message.fromMe ? 'flow' : 'author'}>
            <SimulatedBody message={message} />
          </Bubble>
        ))}
        <div ref={bottom} />
      </Messages>
      <State data-simulator-state>
        <h3>{t('web.flowbuilders.simulator.variables')}</h3>
        {names.length === 0 ? (
          <p>{t('web.flowbuilders.simulator.noVariables')}</p>
        ) : (
          <dl data-simulator-variables>
            {names.map((name) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{name}</dt>
                <dd>{variables[name]}</dd>
              </div>
            ))}
          </dl>
        )}
        {waiting ? <p data-simulator-waiting={waiting}>{t(`web.flowbuilders.simulator.waiting.${waiting}`)}</p> : null}
      </State>
      {phase.kind === 'ended' || phase.kind === 'failed' ? (
        <Ended data-simulator-end={phase.kind === 'ended' ? phase.reason : 'failed'}>
          <span role="status">
            {phase.kind === 'ended' ? t('web.flowbuilders.simulator.ended', { reason: t(`web.flowbuilders.simulator.reasons.${phase.reason}`, { blocks: FLOW_RUN_BLOCKS_MAX, messages: FLOW_RUN_MESSAGES_MAX }) }) : t('web.flowbuilders.simulator.failed')}
            {phase.kind === 'ended' && phase.detail ? ` (${phase.detail})` : null}
          </span>
          <Button onClick={restart}>{t('web.flowbuilders.simulator.restart')}</Button>
        </Ended>
      ) : (
        <Composer onSubmit={submit}>
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('web.flowbuilders.simulator.composer')}
            aria-label={t('web.flowbuilders.simulator.composer')}
            disabled={phase.kind !== 'running'}
          />
          <Button type="submit" disabled={phase.kind !== 'running' || !draft.trim()}>
            {t('web.flowbuilders.simulator.send')}
          </Button>
        </Composer>
      )}
    </Panel>
  );
}
