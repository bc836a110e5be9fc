/**
 * The line under the conversation's header while a conversation flow runs in the ticket
 * (ticket.flowRun), with the Stop button; it goes when the ticket comes back with flowRun null.
 * A flow that failed or looped leaves why it stopped (ticket.flowEnd) in its place.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FLOW_RUN_BLOCKS_MAX, FLOW_RUN_MESSAGES_MAX, type Ticket } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Icon } from '../../ui/icons.js';
import { BannerLine } from './BannerLine.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

const Line = styled(BannerLine)`
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export function FlowRunBanner({ ticket, onStopped }: { ticket: Ticket; onStopped(ticket: Ticket): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [stopping, setStopping] = useState(false);
  if (!ticket.flowRun) {
    if (!ticket.flowEnd) return null;
    const { flowName, reason } = ticket.flowEnd;
    return (
      <Line role="alert" $alert data-flow-end={reason}>
        <Icon name="alert" />
        <span>{t(`web.inbox.flowRun.ended.${reason}`, { name: flowName, blocks: FLOW_RUN_BLOCKS_MAX, messages: FLOW_RUN_MESSAGES_MAX })}</span>
      </Line>
    );
  }

  const stop = async () => {
    setStopping(true);
    try {
      const answer = await api.flowEngine.stopTicketFlow(ticket.id);
      toast.success(t('web.inbox.flowRun.stopped'));
      onStopped(answer.ticket);
    } catch (error) {
      showError(error);
    } finally {
      setStopping(false);
    }
  };

  return (
    <Line role="status" data-flow-run={ticket.flowRun.flowId}>
      <Icon name="flows" />
      <span>{t('web.inbox.flowRun.running', { name: ticket.flowRun.flowName })}</span>
      <Button $variant="outlined" onClick={() => void stop()} disabled={stopping} data-flow-stop>
        {t('web.inbox.flowRun.stop')}
      </Button>
    </Line>
  );
}
