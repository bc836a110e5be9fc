/**
 * The line under the conversation's header while a conversation flow runs in the ticket
 * (ticket.flowRun), with the Stop button; it goes when the ticket comes back with flowRun null.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Ticket } from '@atende/shared';
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
  if (!ticket.flowRun) return null;

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
