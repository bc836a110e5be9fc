/** /quick-messages (document 2 section 2): search, infinite scroll, add/edit with attachment, delete, live updates. */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickMessage, QuickMessageEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchInput, StatusRow, Table, useInfiniteScroll } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';
import QuickMessageModal from './QuickMessageModal.js';

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [search, setSearch] = useState('');
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<QuickMessage | null | undefined>(undefined);

  const fetchPage = useCallback((query: PageQuery) => api.quickMessages.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })), [api]);
  const list = usePagedList<QuickMessage>(fetchPage, search, showError);
  const scroll = useInfiniteScroll<HTMLDivElement>(list);

  useChannel<QuickMessageEvent>('quickmessage', (event) => {
    if (event.action === 'delete') list.remove(event.quickMessageId);
    else list.upsert(event.quickMessage);
  });

  const deletion = useDeletion<QuickMessage>(api.quickMessages.remove, list.remove, t('web.backoffice.quickMessages.deleted'));

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.quickMessages')}>
        <SearchInput placeholder={t('web.common.search')} value={search} onChange={(event) => setSearch(event.target.value)} aria-label={t('web.common.search')} />
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
