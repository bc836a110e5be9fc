/** New / edit chat (document 2 sections 2 and 5): a title and at least one participant besides the owner. */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import type { Chat, User } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldError, MultiCheckField, TextField } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

interface ChatValues {
  title?: string;
  users?: string[];
}

interface ChatModalProps {
  /** null: a new chat. */
  chat: Chat | null;
  onClose(): void;
  onSaved(chat: Chat): void;
}

export default function ChatModal({ chat, onClose, onSaved }: ChatModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const [users, setUsers] = useState<User[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    api.users.list().then((all) => setUsers(all.filter((user) => user.id !== me.id)), showError);
  }, [api, me.id, showError]);

  const submit = async (values: ChatValues) => {
    const title = values.title?.trim() ?? '';
    const members = values.users ?? [];
    // The spec's alerts: a title and at least one participant.
    const missing = !title ? t('web.chats.titleRequired') : members.length === 0 ? t('web.chats.usersRequired') : null;
    setProblem(missing);
    if (missing) return;
    try {
      const saved = chat ? await api.chats.update(chat.id, { title, users: members }) : await api.chats.create({ title, users: members });
      toast.success(t('web.chats.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  // Kept from the first render: new initial values would reset what was typed.
  const [initial] = useState<ChatValues>(() => ({ title: chat?.title ?? '', users: chat?.users.map((member) => member.userId).filter((id) => id !== me.id) ?? [] }));
  return (
    <Dialog title={t(chat ? 'web.chats.editTitle' : 'web.chats.addTitle')} onClose={onClose} width={520}>
      <Form<ChatValues> onSubmit={submit} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.chats.form')}>
            <TextField name="title" label={t('web.chats.chatTitle')} autoFocus />
            <MultiCheckField name="users" label={t('web.chats.users')} options={users.map((user) => ({ value: user.id, label: user.name }))} />
            {problem ? <FieldError role="alert">{problem}</FieldError> : null}
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
