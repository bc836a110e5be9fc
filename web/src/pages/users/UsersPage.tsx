/** /users (document 1 section 2): search, infinite scroll, add/edit modal, delete confirm, live updates. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User, UserEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import UserModal from './UserModal.js';

export default function UsersPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  /** null: closed; '': a new user; otherwise the id being edited. */
  const [editing, setEditing] = useState<string | null>(null);
  const { search, setSearch, list, scroll, deletion } = useLiveList<User, UserEvent>({
    fetchPage: (query) => api.users.page(query).then((page) => ({ items: page.users, hasMore: page.hasMore })),
    channel: 'user',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.userId } : { put: event.user }),
    remove: api.users.remove,
    deletedText: t('web.users.deleted'),
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.users')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing('')}>{t('web.users.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.users.name')}</th>
              <th>{t('web.users.email')}</th>
              <th>{t('web.users.profile')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((user) => (
              <tr key={user.id} data-user={user.email}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{t(`web.users.profiles.${user.profile}`)}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(user.id)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(user)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.users')} search={search} action={<Button onClick={() => setEditing('')}>{t('web.users.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== null ? (
        <UserModal
          userId={editing || null}
          onClose={() => setEditing(null)}
          onSaved={(user) => list.upsert(user)}
        />
      ) : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.users.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.users.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
