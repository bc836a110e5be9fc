/**
 * The line under the conversation's header about the AI assistant (automation/ai): it answers this
 * waiting ticket, it handed the customer over, or it could not answer (ticket.aiError, with why).
 */
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@atende/shared';
import { Icon } from '../../ui/icons.js';
import { BannerLine as Line } from './BannerLine.js';

export function AiBanner({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  // Once an agent has the ticket (or it is closed) the assistant is out of it.
  if (ticket.status !== 'pending') return null;
  if (ticket.aiError) {
    const reason = t(`web.prompts.ticket.errors.${ticket.aiError.code}`);
    return (
      <Line role="alert" $alert data-ai-error={ticket.aiError.code}>
        <Icon name="alert" />
        <span>{t('web.prompts.ticket.error', { reason: ticket.aiError.status ? `${reason}, HTTP ${ticket.aiError.status}` : reason })}</span>
      </Line>
    );
  }
  if (ticket.handedOver) {
    return (
      <Line role="status" data-ai-handed-over>
        <Icon name="user" />
        <span>{t('web.prompts.ticket.handedOver')}</span>
      </Line>
    );
  }
  if (ticket.promptId && !ticket.userId) {
    return (
      <Line role="status" data-ai-answering>
        <Icon name="prompts" />
        <span>{t('web.prompts.ticket.answering')}</span>
      </Line>
    );
  }
  return null;
}
