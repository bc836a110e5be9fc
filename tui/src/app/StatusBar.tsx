/**
 * The top rows: who is signed in, the company's WhatsApp connections, the realtime connection
 * (reconnections are shown as they happen), and the notification line of the last message worth one.
 */
import type { ConnectionHealth, User } from '@atende/shared';
import type { RealtimeStatus } from '@atende/shared/client';
import { Box, Text } from 'ink';
import { terminalLine } from '../format/text.js';
import { ConnectionsLine } from './ConnectionsLine.js';
import { useTexts } from './i18n.js';

const STATUS_LOOK: Record<RealtimeStatus, { color: string; symbol: string }> = {
  connected: { color: 'green', symbol: '●' },
  connecting: { color: 'yellow', symbol: '◌' },
  reconnecting: { color: 'yellow', symbol: '◌' },
  disconnected: { color: 'red', symbol: '○' },
};

export function StatusBar({
  user,
  status,
  notification,
  connections,
  now,
  muted,
}: {
  user: User;
  status: RealtimeStatus;
  notification: string | null;
  connections: ConnectionHealth[];
  now: Date;
  /** The bell is off (m). */
  muted: boolean;
}) {
  const { t } = useTexts();
  const look = STATUS_LOOK[status];
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* One row at any width: the names give way first, the connection state never wraps. */}
      <Box>
        <Box flexGrow={1} flexShrink={1} flexBasis={0} minWidth={0}>
          <Text wrap="truncate">
            <Text bold color="cyan">
              Atende
            </Text>
            <Text>{` ${terminalLine(user.name)}`}</Text>
            <Text dimColor>{user.company?.name ? ` · ${terminalLine(user.company.name)}` : ''}</Text>
          </Text>
        </Box>
        <Box flexShrink={1} minWidth={0} marginX={1}>
          <ConnectionsLine connections={connections} now={now} />
        </Box>
        <Box flexShrink={0}>
          <Text wrap="truncate">
            {muted ? '🔕 ' : ''}
            <Text color={look.color}>{`${look.symbol} ${t(`realtime.${status}`)}`}</Text>
          </Text>
        </Box>
      </Box>
      <Text color="yellow" bold wrap="truncate">
        {notification ? `🔔 ${terminalLine(notification)}` : ' '}
      </Text>
    </Box>
  );
}

export type NoticeTone = 'info' | 'error';

export interface Notice {
  text: string;
  tone: NoticeTone;
}

/** One row in the inbox; the sign-in screen lets a long text wrap. */
export function NoticeLine({ notice, wrap = 'truncate' }: { notice: Notice | null; wrap?: 'truncate' | 'wrap' }) {
  return (
    <Text color={notice?.tone === 'error' ? 'red' : 'green'} wrap={wrap}>
      {notice ? terminalLine(notice.text) : ' '}
    </Text>
  );
}
