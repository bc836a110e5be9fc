/**
 * /connections (document 1 sections 2 and 4): the company's connections, live; admins add, edit,
 * delete and drive the sessions (connections-page:addConnection, actionButtons,
 * editOrDeleteConnection).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import type { Whatsapp, WhatsappStatus } from '@atende/shared';
import { useUser } from '../../app/api.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Button, IconButton } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { PageFrame, PageHeader, Paper, StatusRow, Table } from '../../ui/Page.js';
import ConnectionModal from './ConnectionModal.js';
import { ConnectionHealthPanel } from './ConnectionHealthPanel.js';
import { DeleteConnectionDialog } from './DeleteConnectionDialog.js';
import QrCodeModal from './QrCodeModal.js';
import { SessionActions } from './SessionActions.js';

const STATUS_LOOK: Record<WhatsappStatus, { icon: IconName; tone: 'success' | 'warning' | 'error' }> = {
  CONNECTED: { icon: 'check', tone: 'success' },
  qrcode: { icon: 'qr', tone: 'warning' },
  PAIRING: { icon: 'connections', tone: 'warning' },
  OPENING: { icon: 'refresh', tone: 'warning' },
  TIMEOUT: { icon: 'alert', tone: 'error' },
  DISCONNECTED: { icon: 'alert', tone: 'error' },
};

const StatusCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

function Status({ status }: { status: WhatsappStatus }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const look = STATUS_LOOK[status];
  return (
    <StatusCell style={{ color: theme[look.tone] }}>
      <Icon name={look.icon} size={18} />
      <span>{t(`web.connections.status.${status}`)}</span>
    </StatusCell>
  );
}

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const { whatsapps, loading } = useWhatsapps();
  const isAdmin = user.profile === 'admin' || user.super;
  /** null: closed; '': a new connection; otherwise the id being edited. */
  const [editing, setEditing] = useState<string | null>(null);
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Whatsapp | null>(null);
  const columns = isAdmin ? 6 : 4;

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.connections')}>
        {isAdmin ? <Button onClick={() => setEditing('')}>{t('web.connections.add')}</Button> : null}
      </PageHeader>
      {!loading && whatsapps.length === 0 ? (
        <Paper>
          <EmptyState icon="connections" title={t('web.connections.emptyTitle')} data-empty="connections">
            <p>{t(isAdmin ? 'web.connections.emptyText' : 'web.connections.emptyTextAgent')}</p>
            {isAdmin ? <Button onClick={() => setEditing('')}>{t('web.connections.add')}</Button> : null}
          </EmptyState>
        </Paper>
      ) : (
      <Paper>
        <Table>
          <thead>
            <tr>
              <th>{t('web.connections.name')}</th>
              <th>{t('web.connections.statusColumn')}</th>
              {isAdmin ? <th>{t('web.connections.session')}</th> : null}
              <th>{t('web.connections.lastUpdate')}</th>
              <th>{t('web.connections.default')}</th>
              {isAdmin ? <th className="actions">{t('web.common.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {whatsapps.map((whatsapp) => (
              <tr key={whatsapp.id} data-connection={whatsapp.name} data-status={whatsapp.status}>
                <td>{whatsapp.name}</td>
                <td>
                  <Status status={whatsapp.status} />
                </td>
                {isAdmin ? (
                  <td>
                    <SessionActions whatsapp={whatsapp} onShowQr={() => setQrFor(whatsapp.id)} />
                  </td>
                ) : null}
                <td>{formatShortDateTime(whatsapp.updatedAt)}</td>
                <td>{whatsapp.isDefault ? <Icon name="check" /> : null}</td>
                {isAdmin ? (
                  <td className="actions">
                    <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(whatsapp.id)} />
                    <IconButton icon="trash" label={t('web.common.delete')} onClick={() => setDeleting(whatsapp)} />
                  </td>
                ) : null}
              </tr>
            ))}
            <StatusRow loading={loading} empty={false} colSpan={columns} />
          </tbody>
        </Table>
      </Paper>
      )}
      <ConnectionHealthPanel />
      {editing !== null ? <ConnectionModal whatsappId={editing || null} onClose={() => setEditing(null)} /> : null}
      {qrFor ? <QrCodeModal whatsappId={qrFor} onClose={() => setQrFor(null)} /> : null}
      {deleting ? <DeleteConnectionDialog whatsapp={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageFrame>
  );
}
