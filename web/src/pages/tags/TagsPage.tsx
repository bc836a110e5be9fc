/** /tags (document 2 section 2): search, infinite scroll, add/edit with palette and kanban switch, delete, live updates. */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchInput, StatusRow, Table, useInfiniteScroll } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';
import TagModal from './TagModal.js';

export default function TagsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [search, setSearch] = useState('');
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);

  const fetchPage = useCallback((query: PageQuery) => api.tags.page(query).then((page) => ({ items: page.tags, hasMore: page.hasMore })), [api]);
  const list = usePagedList<Tag>(fetchPage, search, showError);
  const scroll = useInfiniteScroll<HTMLDivElement>(list);

  useChannel<TagEvent>('tag', (event) => {
    if (event.action === 'delete') list.remove(event.tagId);
    else list.upsert(event.tag);
  });

  const deletion = useDeletion<Tag>(api.tags.remove, list.remove, t('web.backoffice.tags.deleted'));

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.tags')}>
        <SearchInput placeholder={t('web.common.search')} value={search} onChange={(event) => setSearch(event.target.value)} aria-label={t('web.common.search')} />
        <Button onClick={() => setEditing(null)}>{t('web.backoffice.tags.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.tags.name')}</th>
              <th>{t('web.backoffice.tags.tickets')}</th>
              <th>{t('web.backoffice.tags.kanban')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((tag) => (
              <tr key={tag.id} data-tag={tag.name}>
                <td>
                  <Chip $color={tag.color}>{tag.name}</Chip>
                </td>
                <td>{tag.ticketsCount ?? 0}</td>
                <td>{tag.kanban === 1 ? t('web.backoffice.yes') : t('web.backoffice.no')}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(tag)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(tag)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <TagModal tag={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.backoffice.tags.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.backoffice.tags.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
