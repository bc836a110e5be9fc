/** The conversation's header: contact and number, status, queue (in its colour), agent, tags; the flow running in the ticket. */
import { formatPhoneNumber } from '@atende/shared';
import type { Ticket } from '@atende/shared';
import { Box, Text } from 'ink';
import { useTexts } from '../app/i18n.js';
import { terminalLine } from '../format/text.js';
import { terminalColor } from '../ui/colors.js';

const STATUS_COLORS = { open: 'green', pending: 'yellow', closed: 'gray' } as const;

export function ConversationHeader({ ticket }: { ticket: Ticket }) {
  const { t } = useTexts();
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text wrap="truncate">
        <Text bold>{terminalLine(ticket.contact?.name || ticket.contact?.number || '')}</Text>
        <Text dimColor>{ticket.contact?.number ? ` ${terminalLine(formatPhoneNumber(ticket.contact.number, ticket.contact.isGroup))}` : ''}</Text>
        <Text color={STATUS_COLORS[ticket.status]}>{` [${t(`tui.status.${ticket.status}`)}]`}</Text>
      </Text>
      <Text wrap="truncate">
        <Text color={terminalColor(ticket.queue?.color)}>{terminalLine(ticket.queue?.name ?? t('tui.conversation.noQueue'))}</Text>
        <Text dimColor>{` · ${terminalLine(ticket.user?.name ?? t('tui.conversation.noUser'))}`}</Text>
        {ticket.tags.map((tag) => (
          <Text key={tag.id} color={terminalColor(tag.color)}>{` #${terminalLine(tag.name)}`}</Text>
        ))}
      </Text>
      {ticket.flowRun ? (
        <Text wrap="truncate" color="magenta">
          {`${t('tui.conversation.flowRun', { name: terminalLine(ticket.flowRun.flowName) })} `}
          <Text dimColor>{`(s ${t('tui.keys.stopFlow')})`}</Text>
        </Text>
      ) : null}
    </Box>
  );
}
