/**
 * The contact panel (320 px; over the conversation on narrow screens): the contact's details with
 * its extra information (kept live, editable in the contact modal), the ticket's tags, the
 * ticket's notes (add, delete) and the contact's previous tickets.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NOTE_MIN, type Contact, type ContactEvent, type Ticket, type TicketNote, formatPhoneNumber } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Avatar } from '../../ui/Avatar.js';
import { Button, IconButton } from '../../ui/controls.js';
import { FieldBox } from '../../ui/form.js';
import { formatShortDateTime } from '../../ui/format.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

import { PreviousTickets } from './PreviousTickets.js';
import { TagsBar } from './TagsBar.js';

const ContactModal = lazy(() => import('../contacts/ContactModal.js'));

export const CONTACT_DRAWER_WIDTH = 320;

const Drawer = styled.aside`
  display: flex;
  flex-direction: column;
  flex-shrink: 0;
  width: ${CONTACT_DRAWER_WIDTH}px;
  max-width: 100%;
  height: 100%;
  overflow-y: auto;
  border-left: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  @media (max-width: 899px) {
    position: absolute;
    inset: 0 0 0 auto;
    z-index: 10;
    box-shadow: ${({ theme }) => theme.shadow};
  }
  section + section {
    border-top: 1px solid ${({ theme }) => theme.border};
  }
  h4 {
    margin: 0 0 8px;
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.textSecondary};
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 8px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.border};
  }
  section {
    padding: 12px;
  }
  dl {
    margin: 0;
  }
  dt {
    font-size: 12px;
    color: ${({ theme }) => theme.textSecondary};
  }
  dd {
    margin: 0 0 8px;
  }
`;

const NoteList = styled.ul`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
`;

const Note = styled.li`
  display: flex;
  justify-content: space-between;
  gap: 6px;
  padding: 6px 0;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  small {
    display: block;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [notes, setNotes] = useState<TicketNote[]>([]);
  const [text, setText] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    api.contacts.get(ticket.contactId).then(setContact).catch(showError);
  }, [api, ticket.contactId, showError]);

  useChannel<ContactEvent>('contact', (event) => {
    if (event.action === 'update' && event.contact.id === ticket.contactId) setContact(event.contact);
  });

  useEffect(() => {
    api.ticketNotes.list({ ticketId: ticket.id, contactId: ticket.contactId }).then(setNotes).catch(showError);
  }, [api, ticket.id, ticket.contactId, showError]);

  const add = async () => {
    try {
      const note = await api.ticketNotes.create({ ticketId: ticket.id, contactId: ticket.contactId, note: text.trim() });
      setNotes((current) => [note, ...current]);
      setText('');
      toast.success(t('web.inbox.contact.noteAdded'));
    } catch (error) {
      showError(error);
    }
  };

  const remove = async (note: TicketNote) => {
    try {
      await api.ticketNotes.remove(note.id);
      setNotes((current) => current.filter((item) => item.id !== note.id));
      toast.success(t('web.inbox.contact.noteDeleted'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Drawer aria-label={t('web.inbox.contact.title')} data-contact-drawer>
      <header>
        <strong>{t('web.inbox.contact.title')}</strong>
        <IconButton icon="close" label={t('web.common.close')} onClick={onClose} />
      </header>
      <section>
        <h3 style={{ display: 'flex', alignItems: 'center', gap: 10, marginTop: 0 }}>
          <Avatar name={contact?.name ?? ticket.contact?.name ?? ''} url={contact?.profilePicUrl ?? ticket.contact?.profilePicUrl} size={40} />
          {contact?.name ?? ticket.contact?.name}
        </h3>
        <dl>
          <dt>{t('web.inbox.contact.number')}</dt>
          <dd>{formatPhoneNumber(contact?.number ?? ticket.contact?.number, contact?.isGroup ?? ticket.contact?.isGroup)}</dd>
          <dt>{t('web.inbox.contact.email')}</dt>
          <dd>{(contact?.email ?? ticket.contact?.email) || '-'}</dd>
          {contact?.extraInfo.map((info) => (
            <div key={info.id} data-extra-info={info.name}>
              <dt>{info.name}</dt>
              <dd>{info.value}</dd>
            </div>
          ))}
        </dl>
        <Button onClick={() => setEditing(true)} disabled={!contact}>
          {t('web.inbox.contact.edit')}
        </Button>
      </section>
      <section>
        <h4>{t('web.inbox.tagsBar.label')}</h4>
        <TagsBar ticket={ticket} />
      </section>
      <section>
        <FieldBox>
          <label htmlFor="ticket-note">{t('web.inbox.contact.notes')}</label>
          <textarea id="ticket-note" name="note" rows={3} placeholder={t('web.inbox.contact.note')} value={text} onChange={(event) => setText(event.target.value)} />
        </FieldBox>
        <Button onClick={() => void add()} disabled={text.trim().length < NOTE_MIN}>
          {t('web.inbox.contact.addNote')}
        </Button>
        <NoteList>
          {notes.length === 0 ? <li>{t('web.inbox.contact.noNotes')}</li> : null}
          {notes.map((note) => (
            <Note key={note.id} data-note={note.id}>
              <div>
                {note.note}
                <small>
                  {note.user?.name ?? ''} · {formatShortDateTime(note.createdAt)}
                </small>
              </div>
              <IconButton icon="trash" label={t('web.common.delete')} onClick={() => void remove(note)} />
            </Note>
          ))}
        </NoteList>
      </section>
      <section>
        <h4>{t('web.inbox.contact.previous')}</h4>
        <PreviousTickets ticket={ticket} />
      </section>
      {editing ? (
        <Suspense fallback={null}>
          <ContactModal contactId={ticket.contactId} onClose={() => setEditing(false)} onSaved={setContact} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
