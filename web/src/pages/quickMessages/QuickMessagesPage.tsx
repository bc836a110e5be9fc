/** /quick-messages (document 2 section 2): search, infinite scroll, add/edit with attachment, delete, live updates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { quickMessageRights, type QuickMessage, type QuickMessageEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import QuickMessageModal from './QuickMessageModal.js';

const Muted = styled.span`
  color: ${({ theme }) => theme.textSecondary};
`;

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const rights = (quickMessage: QuickMessage) => quickMessageRights(quickMessage, { userId: me.id, admin: me.super || me.profile === 'admin' });
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<QuickMessage, QuickMessageEvent>({
    fetchPage: (query) => api.quickMessages.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })),
    channel: 'quickmessage',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.quickMessageId } : { put: event.quickMessage }),
    remove: api.quickMessages.remove,
    deletedText: t('web.backoffice.quickMessages.deleted'),
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.quickMessages')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing(null)}>{t('web.backoffice.quickMessages.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.quickMessages.shortcode')}</th>
              <th>{t('web.backoffice.quickMessages.message')}</th>
              <th>{t('web.backoffice.quickMessages.attachment')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((quickMessage) => (
              <tr key={quickMessage.id} data-quick-message={quickMessage.shortcode}>
                <td>
                  {quickMessage.shortcode}
                  {quickMessage.status ? null : <Muted> · {t('web.backoffice.quickMessages.inactive')}</Muted>}
                </td>
                <td>{quickMessage.message}</td>
                <td>{quickMessage.mediaName ?? ''}</td>
                <td className="actions">
                  {rights(quickMessage).edit ? <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(quickMessage)} /> : null}
                  {rights(quickMessage).manage ? <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(quickMessage)} /> : null}
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.quickMessages')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.backoffice.quickMessages.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <QuickMessageModal quickMessage={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.backoffice.quickMessages.deleteTitle', { name: deletion.deleting.shortcode })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.backoffice.quickMessages.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
