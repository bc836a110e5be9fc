/**
 * /contacts (document 2 section 2): search, infinite scroll, add/edit, start a ticket, delete for
 * admins and supervisors, import from .xlsx with its error report, export to contatos.csv.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CONTACT_UPLOAD_MAX_ROWS, CONTACTS_EXPORT_FILE, contactsCsv, mayDeleteContacts, type Contact, type ContactEvent, type ContactImportResult, formatPhoneNumber } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { guardContextOf } from '../../app/guard.js';
import { hasPlanFlag } from '../../app/routes.js';
import { Button, IconButton, Spinner } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { downloadText } from '../../ui/download.js';
import { useLiveList } from '../../ui/useLiveList.js';
import ContactModal from './ContactModal.js';
import { readContactSheet } from './contactsXlsx.js';
import { useStartConversation } from './useStartConversation.js';
import ImportReport from './ImportReport.js';

/** A `reload` event (a large import) or a finished import remounts the list, which starts over. */
export default function ContactsPage() {
  const [generation, setGeneration] = useState(0);
  const [report, setReport] = useState<ContactImportResult | null>(null);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return (
    <>
      <ContactsScreen
        key={generation}
        onReload={reload}
        onImported={(result) => {
          setReport(result);
          reload();
        }}
      />
      {report ? <ImportReport result={report} onClose={() => setReport(null)} /> : null}
    </>
  );
}

function ContactsScreen({ onReload, onImported }: { onReload(): void; onImported(result: ContactImportResult): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const showError = useErrorToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canDelete = mayDeleteContacts(me);
  // A scheduled message for the contact: the schedules page opens its add dialog (plan useSchedules).
  const canSchedule = hasPlanFlag(guardContextOf(me), 'useSchedules');
  const navigate = useNavigate();

  const { search, setSearch, list, scroll, deletion } = useLiveList<Contact, ContactEvent>({
    fetchPage: (query) => api.contacts.page(query).then((page) => ({ items: page.contacts, hasMore: page.hasMore })),
    channel: 'contact',
    onEvent: (event) => {
      if (event.action === 'reload') onReload();
      return event.action === 'delete' ? { drop: event.contactId } : event.action === 'reload' ? null : { put: event.contact };
    },
    remove: api.contacts.remove,
    deletedText: t('web.backoffice.contacts.deleted'),
  });

  const { startWith, dialog: startDialog } = useStartConversation();

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      const rows = await readContactSheet(file);
      const result: ContactImportResult = { newContacts: [], errorBag: [] };
      // The server takes at most CONTACT_UPLOAD_MAX_ROWS rows per call; row numbers stay file-wide.
      for (let start = 0; start < rows.length; start += CONTACT_UPLOAD_MAX_ROWS) {
        const part = await api.contacts.upload(rows.slice(start, start + CONTACT_UPLOAD_MAX_ROWS));
        result.newContacts.push(...part.newContacts);
        result.errorBag.push(...part.errorBag.map((problem) => ({ ...problem, row: problem.row + start })));
      }
      onImported(result);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = async () => {
    try {
      downloadText(contactsCsv(await api.contacts.list()), CONTACTS_EXPORT_FILE);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.contacts')}>
        <SearchField value={search} onChange={setSearch} />
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-contact-import
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button $variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()}>
          {busy ? <Spinner /> : null}
          {t('web.backoffice.contacts.import')}
        </Button>
        <Button $variant="outlined" onClick={() => void exportCsv()}>
          {t('web.backoffice.contacts.export')}
        </Button>
        <Button onClick={() => setEditing('')}>{t('web.backoffice.contacts.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.contacts.name')}</th>
              <th>{t('web.backoffice.contacts.number')}</th>
              <th>{t('web.backoffice.contacts.email')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((contact) => (
              <tr key={contact.id} data-contact={contact.name}>
                <td>{contact.name}</td>
                <td>{formatPhoneNumber(contact.number, contact.isGroup)}</td>
                <td>{contact.email}</td>
                <td className="actions">
                  <IconButton icon="tickets" label={t('web.backoffice.contacts.startTicket')} onClick={() => void startWith(contact)} />
                  {canSchedule ? <IconButton icon="schedules" label={t('web.schedules.scheduleFor')} onClick={() => navigate(`/schedules?contactId=${contact.id}`)} /> : null}
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(contact.id)} />
                  {canDelete ? <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(contact)} /> : null}
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.contacts')} search={search} action={<Button onClick={() => setEditing('')}>{t('web.backoffice.contacts.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== null ? <ContactModal contactId={editing || null} onClose={() => setEditing(null)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.backoffice.contacts.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.backoffice.contacts.deleteMessage')}
        </ConfirmDialog>
      ) : null}
      {startDialog}
    </PageFrame>
  );
}
