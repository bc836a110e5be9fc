/**
 * Add / edit a queue (document 2 sections 2, 3 and 5): a data tab (name, colour, bot order,
 * messages and, once saved, the options tree) and an hours tab when scheduleType is queue.
 * A new queue stays open after its first save so that its options can be added.
 */
import { useEffect, useId, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { queueCreateSchema, queueUpdateSchema, type Queue, type ScheduleRow } from '@atende/shared';
import type { QueueData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Spinner } from '../../ui/controls.js';
import { Dialog, FormButtons } from '../../ui/Dialog.js';
import { FormRow, TextField, useSchemaValidator } from '../../ui/form.js';
import { PromptPicker } from '../prompts/PromptPicker.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { mayUseIntegrations } from '../../app/integrations.js';
import { IntegrationPicker } from '../queueIntegrations/IntegrationPicker.js';
import QueueOptions from './QueueOptions.js';
import { weekSchedules } from './schedules.js';
import SchedulesFields from './SchedulesFields.js';
import { Tabs } from './Tabs.js';

type QueueTab = 'data' | 'hours';

interface QueueValues {
  name?: string;
  color?: string;
  orderQueue?: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  schedules?: ScheduleRow[];
  /** The integration answering the queue's customers; '' for none. */
  integrationId?: string;
  /** The AI prompt that answers the queue's tickets; '' for none. */
  promptId?: string;
}

function valuesOf(queue: Queue | null): QueueValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? '#5c59a0',
    orderQueue: queue?.orderQueue === null || queue?.orderQueue === undefined ? '' : String(queue.orderQueue),
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    schedules: weekSchedules(queue?.schedules),
    integrationId: queue?.integrationId ?? '',
    promptId: queue?.promptId ?? '',
  };
}

interface QueueModalProps {
  queueId: string | null;
  onClose(): void;
  onSaved(queue: Queue): void;
}

export default function QueueModal({ queueId: initialId, onClose, onSaved }: QueueModalProps) {
  const { t } = useTranslation();
  const { api, user } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [queueId, setQueueId] = useState(initialId);
  const [initial, setInitial] = useState<QueueValues | null>(initialId ? null : valuesOf(null));
  const [tab, setTab] = useState<QueueTab>('data');
  const [queueHours, setQueueHours] = useState(false);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const validate = useSchemaValidator<QueueValues>(queueId ? queueUpdateSchema : queueCreateSchema);
  const close = useLatest(onClose);

  useEffect(() => {
    api.settings.list().then((settings) => setQueueHours(settings.some((setting) => setting.key === 'scheduleType' && setting.value === 'queue')), showError);
  }, [api, showError]);

  useEffect(() => {
    if (!initialId) return;
    api.queues.get(initialId).then(
      (queue) => setInitial(valuesOf(queue)),
      (error: unknown) => {
        showError(error);
        close.current();
      },
    );
  }, [api, initialId, showError, close]);

  const submit = async (values: QueueValues) => {
    const data: QueueData = {
      name: values.name ?? '',
      color: values.color ?? '',
      orderQueue: values.orderQueue ? Number(values.orderQueue) : null,
      greetingMessage: values.greetingMessage ?? '',
      outOfHoursMessage: values.outOfHoursMessage ?? '',
      promptId: values.promptId || null,
      ...(queueHours ? { schedules: values.schedules } : {}),
      ...(mayUseIntegrations(user) ? { integrationId: values.integrationId || null } : {}),
    };
    setSaving(true);
    try {
      const saved = queueId ? await api.queues.update(queueId, data) : await api.queues.create(data);
      toast.success(t('web.backoffice.queues.saved'));
      onSaved(saved);
      if (queueId) onClose();
      else {
        setQueueId(saved.id);
        setInitial(valuesOf(saved));
      }
    } catch (error) {
      showError(error);
    }
    setSaving(false);
  };

  // The footer stays below the scrolling body (the options tree included); its save submits the form.
  return (
    <Dialog
      title={t(queueId ? 'web.backoffice.queues.editTitle' : 'web.backoffice.queues.addTitle')}
      onClose={onClose}
      width={760}
      actions={<FormButtons onCancel={onClose} submitting={saving || initial === null} form={formId} cancelLabel={t('web.common.close')} />}
    >
      {initial === null ? (
        <Spinner $size={24} />
      ) : (
        <>
          {queueHours ? (
            <Tabs<QueueTab>
              tabs={[
                { key: 'data', label: t('web.backoffice.queues.dataTab') },
                { key: 'hours', label: t('web.backoffice.queues.hoursTab') },
              ]}
              selected={tab}
              onSelect={setTab}
            />
          ) : null}
          <Form<QueueValues> onSubmit={submit} validate={validate} initialValues={initial}>
            {({ handleSubmit }) => (
              <form id={formId} onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.queues.form')}>
                <div hidden={tab !== 'data'}>
                  <FormRow>
                    <TextField name="name" label={t('web.backoffice.queues.name')} autoFocus />
                    <TextField name="color" label={t('web.backoffice.queues.color')} type="color" />
                    <TextField name="orderQueue" label={t('web.backoffice.queues.orderQueue')} inputMode="numeric" parse={(value) => value.replace(/\D/g, '')} />
                  </FormRow>
                  <TextField name="greetingMessage" label={t('web.backoffice.queues.greetingMessage')} multiline={3} />
                  <TextField name="outOfHoursMessage" label={t('web.backoffice.queues.outOfHoursMessage')} multiline={3} />
                  <IntegrationPicker />
                  <PromptPicker />
                </div>
                {queueHours ? (
                  <div hidden={tab !== 'hours'}>
                    <SchedulesFields />
                  </div>
                ) : null}
              </form>
            )}
          </Form>
          {queueId && tab === 'data' ? <QueueOptions queueId={queueId} /> : null}
        </>
      )}
    </Dialog>
  );
}
