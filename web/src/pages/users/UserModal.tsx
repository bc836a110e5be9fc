/**
 * The user modal (document 1 sections 3, 5 and 6): name, e-mail, password, and for admins the
 * profile, queues, default connection and allTicket. Also the profile modal of the user menu.
 */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { ALL_TICKET_VALUES, PROFILES, userCreateSchema, userUpdateSchema, type AllTicket, type Profile, type Queue, type User } from '@atende/shared';
import type { UserData } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Button, Spinner } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { FormRow, MultiCheckField, SelectField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';

interface UserValues {
  name?: string;
  email?: string;
  password?: string;
  profile?: Profile;
  queueIds?: string[];
  whatsappId?: string;
  allTicket?: AllTicket;
}

const NEW_USER: UserValues = { profile: 'user', queueIds: [], whatsappId: '', allTicket: 'desabled' };

function valuesOf(user: User): UserValues {
  return { name: user.name, email: user.email, password: '', profile: user.profile, queueIds: user.queueIds, whatsappId: user.whatsappId ?? '', allTicket: user.allTicket };
}

interface UserModalProps {
  /** null: a new user. */
  userId: string | null;
  onClose(): void;
  onSaved?(user: User): void;
}

export default function UserModal({ userId, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const { whatsapps } = useWhatsapps();
  const toast = useToast();
  const showError = useErrorToast();
  // user-modal:editProfile and user-modal:editQueues.
  const canAdmin = me.profile === 'admin' || me.super;
  const validate = useSchemaValidator<UserValues>(userId ? userUpdateSchema : userCreateSchema);
  const [initial, setInitial] = useState<UserValues | null>(userId ? null : NEW_USER);
  const [queues, setQueues] = useState<Queue[]>([]);
  const close = useLatest(onClose);

  useEffect(() => {
    if (!userId) return;
    api.users.get(userId).then((user) => setInitial(valuesOf(user)), (error: unknown) => {
      showError(error);
      close.current();
    });
  }, [api, userId, showError, close]);

  useEffect(() => {
    if (canAdmin) api.queues.list().then(setQueues, () => toast.error(t('web.common.searchQueueError')));
  }, [api, canAdmin, toast, t]);

  const submit = async (values: UserValues) => {
    const data: Partial<UserData> = { name: values.name, email: values.email, ...(values.password ? { password: values.password } : {}) };
    if (canAdmin) Object.assign(data, { profile: values.profile, queueIds: values.queueIds ?? [], whatsappId: values.whatsappId || null, allTicket: values.allTicket });
    try {
      const saved = userId ? await api.users.update(userId, data) : await api.users.create(data as UserData);
      toast.success(t('web.users.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Dialog title={t(userId ? 'web.users.editTitle' : 'web.users.addTitle')} onClose={onClose} width={560}>
      {initial === null ? (
        <Spinner $size={24} />
      ) : (
        <Form<UserValues> onSubmit={submit} validate={validate} initialValues={initial}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.users.form')}>
              <FormRow>
                <TextField name="name" label={t('web.users.name')} autoFocus />
                <TextField name="password" label={t('web.users.password')} type="password" autoComplete="new-password" placeholder={userId ? t('web.users.keepPassword') : undefined} />
              </FormRow>
              <FormRow>
                <TextField name="email" label={t('web.users.email')} type="email" autoComplete="off" />
                <SelectField name="profile" label={t('web.users.profile')} disabled={!canAdmin} options={PROFILES.map((profile) => ({ value: profile, label: t(`web.users.profiles.${profile}`) }))} />
              </FormRow>
              {canAdmin ? (
                <>
                  <MultiCheckField name="queueIds" label={t('web.users.queues')} options={queues.map((queue) => ({ value: queue.id, label: queue.name }))} />
                  <FormRow>
                    <SelectField name="whatsappId" label={t('web.users.whatsapp')} empty={t('web.common.none')} options={whatsapps.map((whatsapp) => ({ value: whatsapp.id, label: whatsapp.name }))} />
                    <SelectField name="allTicket" label={t('web.users.allTicket')} options={ALL_TICKET_VALUES.map((value) => ({ value, label: t(`web.users.allTicketValues.${value}`) }))} />
                  </FormRow>
                </>
              ) : null}
              <Button type="submit" disabled={submitting}>
                {t('web.common.save')}
              </Button>{' '}
              <Button $variant="outlined" onClick={onClose}>
                {t('web.common.cancel')}
              </Button>
            </form>
          )}
        </Form>
      )}
    </Dialog>
  );
}
