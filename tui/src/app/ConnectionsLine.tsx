/**
 * The WhatsApp connections in the status line: a coloured mark and the name of each, and for one
 * that is not connected, its status and for how long (issue 21), so an agent knows at once why
 * nothing arrives.
 */
import { formatDuration, type ConnectionHealth, type WhatsappStatus } from '@atende/shared';
import { Text } from 'ink';
import { Fragment } from 'react';
import { terminalLine } from '../format/text.js';
import type { Translate } from './i18n.js';
import { useTexts } from './i18n.js';

const LOOK: Record<WhatsappStatus, { color: string; symbol: string }> = {
  CONNECTED: { color: 'green', symbol: '●' },
  OPENING: { color: 'yellow', symbol: '◌' },
  PAIRING: { color: 'yellow', symbol: '◌' },
  qrcode: { color: 'yellow', symbol: '◌' },
  TIMEOUT: { color: 'yellow', symbol: '◌' },
  DISCONNECTED: { color: 'red', symbol: '○' },
};

export interface ConnectionBadge {
  color: string;
  text: string;
}

export function connectionBadges(rows: ConnectionHealth[], now: number, t: Translate): ConnectionBadge[] {
  return rows.map((row) => {
    const look = LOOK[row.status];
    const name = terminalLine(row.name);
    if (row.status === 'CONNECTED') return { color: look.color, text: `${look.symbol} ${name}` };
    const since = row.statusSince ? ` ${formatDuration(now - Date.parse(row.statusSince))}` : '';
    return { color: look.color, text: `${look.symbol} ${name} (${t(`health.status.${row.status}`)}${since})` };
  });
}

export function ConnectionsLine({ connections, now }: { connections: ConnectionHealth[]; now: Date }) {
  const { t } = useTexts();
  const badges = connectionBadges(connections, now.getTime(), t);
  return (
    <Text wrap="truncate">
      {badges.map((badge, index) => (
        <Fragment key={connections[index]!.whatsappId}>
          {index > 0 ? <Text dimColor> · </Text> : null}
          <Text color={badge.color}>{badge.text}</Text>
        </Fragment>
      ))}
    </Text>
  );
}
