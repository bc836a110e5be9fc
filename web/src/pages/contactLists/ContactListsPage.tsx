/**
 * /contact-lists (document 2 section 2): the lists with their contact count; add, rename, delete,
 * open items, import a sheet into one list with the per-row report; live updates.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ContactList, ContactListEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import ContactListModal from './ContactListModal.js';
import { useListUpload } from './useListUpload.js';

export default function ContactListsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const navigate = useNavigate();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<ContactList | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<ContactList, ContactListEvent>({
    fetchPage: (query) => api.contactLists.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })),
    channel: 'contactList',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.id } : event.action === 'check' ? null : { put: event.record }),
    remove: api.contactLists.remove,
    deletedText: t('web.contactLists.deleted'),
  });
  // The count arrives with the list's update event.
  const upload = useListUpload(() => undefined);

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.contactLists')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing(null)}>{t('web.contactLists.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.contactLists.name')}</th>
              <th>{t('web.contactLists.contactsCount')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((contactList) => (
              <tr key={contactList.id} data-contact-list={contactList.name}>
                <td>{contactList.name}</td>
                <td data-contacts-count>{contactList.contactsCount}</td>
                <td className="actions">
                  <IconButton icon="files" label={t('web.contactLists.import')} title={t('web.contactLists.importHint')} disabled={upload.busy} onClick={() => upload.choose(contactList.id)} />
                  <IconButton icon="contacts" label={t('web.contactLists.open')} onClick={() => navigate(`/contact-lists/${contactList.id}/contacts`)} />
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(contactList)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(contactList)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={3} text={t('web.empty.contactLists')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.contactLists.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {upload.elements}
      {editing !== undefined ? <ContactListModal list={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.contactLists.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.contactLists.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
