/**
 * /contact-lists/{contactListId}/contacts (document 2 section 2): the items of one list with the
 * list's name as title, search, back to /contact-lists, import, add, edit, delete; each item's
 * WhatsApp validity and the live progress of the check.
 */
import { formatPhoneNumber } from '@atende/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ContactList, ContactListCheck, ContactListEvent, ContactListItem, ContactListItemEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Badge, Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useLiveList } from '../../ui/useLiveList.js';
import ContactListItemModal from './ContactListItemModal.js';
import { useListUpload } from './useListUpload.js';

/** A `reload` event (an import) remounts the items, which start over at page 1. */
export default function ContactListItemsPage() {
  const { contactListId = '' } = useParams();
  const { api } = useApi();
  const showError = useErrorToast();
  const [generation, setGeneration] = useState(0);
  const [list, setList] = useState<ContactList | null>(null);
  const [check, setCheck] = useState<ContactListCheck | null>(null);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  // Outside the remounted items, so that the import's report outlives the reload it causes.
  const upload = useListUpload(reload);

  useEffect(() => {
    api.contactLists.get(contactListId).then(setList, showError);
  }, [api, contactListId, showError]);

  useChannel<ContactListEvent>('contactList', (event) => {
    if (event.action === 'check' && event.contactListId === contactListId) setCheck(event);
    else if ((event.action === 'update' || event.action === 'create') && event.record.id === contactListId) setList(event.record);
  });

  return (
    <>
      <ItemsScreen key={generation} contactListId={contactListId} list={list} check={check} onReload={reload} upload={upload} />
      {upload.elements}
    </>
  );
}

interface ScreenProps {
  contactListId: string;
  list: ContactList | null;
  check: ContactListCheck | null;
  onReload(): void;
  upload: Pick<ReturnType<typeof useListUpload>, 'busy' | 'choose'>;
}

function Validity({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  if (value === null) return <Badge data-validity="unchecked">{t('web.contactLists.items.unchecked')}</Badge>;
  return value ? (
    <Badge $color="success" data-validity="valid">
      {t('web.contactLists.items.valid')}
    </Badge>
  ) : (
    <Badge $color="error" data-validity="invalid">
      {t('web.contactLists.items.invalid')}
    </Badge>
  );
}

function ItemsScreen({ contactListId, list, check, onReload, upload }: ScreenProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const navigate = useNavigate();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<ContactListItem | null | undefined>(undefined);
  // contacts-page:deleteContact; the server allows admins and supervisors.
  const canDelete = me.super || me.profile === 'admin' || me.profile === 'supervisor';

  const { search, setSearch, list: items, scroll, deletion } = useLiveList<ContactListItem, ContactListItemEvent>({
    fetchPage: (query) => api.contactLists.items.page({ ...query, contactListId }).then((page) => ({ items: page.contacts, hasMore: page.hasMore })),
    channel: 'contactListItem',
    onEvent: (event) => {
      if (event.action === 'reload') {
        if (event.contactListId === contactListId) onReload();
        return null;
      }
      if (event.action === 'delete') return event.contactListId === contactListId ? { drop: event.id } : null;
      return event.record.contactListId === contactListId ? { put: event.record } : null;
    },
    remove: api.contactLists.items.remove,
    deletedText: t('web.contactLists.items.deleted'),
  });

  const progress = check
    ? t(check.state === 'done' ? 'web.contactLists.items.checkDone' : check.state === 'waiting' ? 'web.contactLists.items.checkWaiting' : 'web.contactLists.items.checkRunning', { checked: check.checked, total: check.total, count: check.total })
    : null;

  return (
    <PageFrame>
      <PageHeader title={list?.name ?? ''}>
        <SearchField value={search} onChange={setSearch} />
        <Button $variant="outlined" onClick={() => navigate('/contact-lists')}>
          {t('web.contactLists.items.back')}
        </Button>
        <Button $variant="outlined" disabled={upload.busy} title={t('web.contactLists.importHint')} onClick={() => upload.choose(contactListId)}>
          {t('web.contactLists.import')}
        </Button>
        <Button onClick={() => setEditing(null)}>{t('web.contactLists.items.add')}</Button>
      </PageHeader>
      {progress ? (
        <p role="status" data-check-state={check?.state}>
          {progress}
        </p>
      ) : null}
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.contactLists.items.name')}</th>
              <th>{t('web.contactLists.items.number')}</th>
              <th>{t('web.contactLists.items.email')}</th>
              <th>{t('web.contactLists.items.whatsapp')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.items.map((item) => (
              <tr key={item.id} data-list-item={item.name}>
                <td>{item.name}</td>
                <td>{formatPhoneNumber(item.number)}</td>
                <td>{item.email}</td>
                <td>
                  <Validity value={item.isWhatsappValid} />
                </td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(item)} />
                  {canDelete ? <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(item)} /> : null}
                </td>
              </tr>
            ))}
            <StatusRow loading={items.loading} empty={items.items.length === 0} colSpan={5} text={t('web.empty.contactListItems')} search={search} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <ContactListItemModal contactListId={contactListId} item={editing} onClose={() => setEditing(undefined)} onSaved={items.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.contactLists.items.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.contactLists.items.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
