/** The connection modal (document 1 sections 3 and 5): every field of a connection, hours included. */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { WHATSAPP_PROVIDERS, whatsappCreateSchema, whatsappUpdateSchema, type Flow, type Queue } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { loadAllFlows } from '../../app/flows.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Button, Spinner } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { FormRow, MultiCheckField, SelectField, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { maskHour } from '../../ui/hourMask.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { mayUseIntegrations } from '../../app/integrations.js';
import { IntegrationPicker } from '../queueIntegrations/IntegrationPicker.js';
import { PromptPicker } from '../prompts/PromptPicker.js';
import { connectionPayload, connectionValuesOf, newConnectionValues, type ConnectionValues } from './connectionValues.js';

const Section = styled.h3`
  margin: 18px 0 10px;
  font-size: 13px;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.textSecondary};
`;

const HoursRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 130px 130px;
  gap: 0 10px;
  align-items: end;
  > span {
    padding-bottom: 22px;
  }
`;

const keep = (value: string) => value;
const toNumber = (value: string) => (value === '' ? undefined : Number(value));

export default function ConnectionModal({ whatsappId, onClose }: { whatsappId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { api, user } = useApi();
  const { put } = useWhatsapps();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<ConnectionValues>(whatsappId ? whatsappUpdateSchema : whatsappCreateSchema);
  const [initial, setInitial] = useState<ConnectionValues | null>(whatsappId ? null : newConnectionValues);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [flows, setFlows] = useState<Flow[]>([]);
  const close = useLatest(onClose);

  useEffect(() => {
    api.queues.list().then(setQueues, () => toast.error(t('web.common.searchQueueError')));
    // Without the flows (the area switched off, or unreadable) the select offers none.
    loadAllFlows(api).then(setFlows, () => setFlows([]));
    if (!whatsappId) return;
    api.whatsapp.get(whatsappId).then((whatsapp) => setInitial(connectionValuesOf(whatsapp)), (error: unknown) => {
      showError(error);
      close.current();
    });
  }, [api, whatsappId, showError, close, toast, t]);

  const submit = async (values: ConnectionValues) => {
    try {
      const data = connectionPayload(values, mayUseIntegrations(user));
      put(whatsappId ? await api.whatsapp.update(whatsappId, data) : await api.whatsapp.create(data));
      toast.success(t('web.connections.saved'));
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const queueOptions = queues.map((queue) => ({ value: queue.id, label: queue.name }));
  return (
    <Dialog title={t(whatsappId ? 'web.connections.editTitle' : 'web.connections.addTitle')} onClose={onClose} width={680}>
      {initial === null ? (
        <Spinner $size={24} />
      ) : (
        <Form<ConnectionValues> onSubmit={submit} validate={validate} initialValues={initial}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={t('web.connections.form')}>
              <FormRow>
                <TextField name="name" label={t('web.connections.name')} autoFocus />
                <SelectField name="provider" label={t('web.connections.provider')} options={WHATSAPP_PROVIDERS.map((provider) => ({ value: provider, label: t(`web.connections.providers.${provider}`) }))} />
              </FormRow>
              <SwitchField name="isDefault" label={t('web.connections.isDefault')} />
              <MultiCheckField name="queueIds" label={t('web.connections.queues')} options={queueOptions} />

              <Section>{t('web.connections.messages')}</Section>
              <TextField name="greetingMessage" label={t('web.connections.greetingMessage')} multiline={3} parse={keep} />
              <TextField name="complationMessage" label={t('web.connections.complationMessage')} multiline={3} parse={keep} />
              <TextField name="outOfHoursMessage" label={t('web.connections.outOfHoursMessage')} multiline={3} parse={keep} />
              <TextField name="ratingMessage" label={t('web.connections.ratingMessage')} multiline={3} parse={keep} />
              <TextField name="expiresInactiveMessage" label={t('web.connections.expiresInactiveMessage')} multiline={2} parse={keep} />

              <Section>{t('web.connections.automation')}</Section>
              <FormRow>
                <TextField name="expiresTicket" label={t('web.connections.expiresTicket')} type="number" min={0} parse={toNumber} />
                <TextField name="timeUseBotQueues" label={t('web.connections.timeUseBotQueues')} type="number" min={0} parse={toNumber} />
                <TextField name="maxUseBotQueues" label={t('web.connections.maxUseBotQueues')} type="number" min={0} parse={toNumber} />
              </FormRow>
              <FormRow>
                <TextField name="timeToTransfer" label={t('web.connections.timeToTransfer')} type="number" min={0} parse={toNumber} />
                <SelectField name="transferQueueId" label={t('web.connections.transferQueue')} empty={t('web.common.none')} options={queueOptions} />
              </FormRow>
              <SelectField name="flowId" label={t('web.connections.flow')} empty={t('web.common.none')} options={flows.map((flow) => ({ value: flow.id, label: flow.name }))} />
              <IntegrationPicker />
              <PromptPicker />
              <TextField name="token" label={t('web.connections.token')} parse={keep} autoComplete="off" placeholder={t('web.connections.tokenHint')} />

              <Section>{t('web.connections.hours')}</Section>
              {initial.schedules.map((row, index) => (
                <HoursRow key={row.weekdayEn}>
                  <span>{t(`web.weekdays.${row.weekdayEn}`)}</span>
                  <TextField name={`schedules.${index}.startTime`} label={t('web.connections.startTime')} parse={maskHour} inputMode="numeric" placeholder="08:00" />
                  <TextField name={`schedules.${index}.endTime`} label={t('web.connections.endTime')} parse={maskHour} inputMode="numeric" placeholder="18:00" />
                </HoursRow>
              ))}

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
