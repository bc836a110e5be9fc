/** /tags (document 2 section 2): search, infinite scroll, add/edit with palette and kanban switch, delete, live updates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import TagModal from './TagModal.js';

export default function TagsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<Tag, TagEvent>({
    fetchPage: (query) => api.tags.page(query).then((page) => ({ items: page.tags, hasMore: page.hasMore })),
    channel: 'tag',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.tagId } : { put: event.tag }),
    remove: api.tags.remove,
    deletedText: t('web.backoffice.tags.deleted'),
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.tags')}>
        <SearchField value={search} onChange={setSearch} />
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
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.tags')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.backoffice.tags.add')}</Button>} />
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
