/** /quick-messages (document 2 section 2): search, infinite scroll, add/edit with attachment, delete, live updates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickMessage, QuickMessageEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import QuickMessageModal from './QuickMessageModal.js';

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
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
                <td>{quickMessage.shortcode}</td>
                <td>{quickMessage.message}</td>
                <td>{quickMessage.mediaName ?? ''}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(quickMessage)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(quickMessage)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} />
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
