/** The company's working hours (settings, schedules tab; shown when scheduleType is company). */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { FORM_SUBMIT_DELAY_SLOW_MS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { schedulesSchema, type ScheduleRow } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { weekSchedules } from '../queues/schedules.js';
import SchedulesFields from '../queues/SchedulesFields.js';

interface SchedulesValues {
  schedules: ScheduleRow[];
}

export default function SchedulesTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const me = useUser();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<SchedulesValues>(schedulesSchema);
  const [initial, setInitial] = useState<SchedulesValues | null>(null);

  useEffect(() => {
    api.companies.get(me.companyId).then((company) => setInitial({ schedules: weekSchedules(company.schedules) }), showError);
  }, [api, me.companyId, showError]);

  const submit = async (values: SchedulesValues) => {
    try {
      const company = await api.companies.updateSchedules(me.companyId, values.schedules);
      setInitial({ schedules: weekSchedules(company.schedules) });
      toast.success(t('web.backoffice.settings.schedulesSaved'));
    } catch (error) {
      showError(error);
    }
  };

  if (!initial) return <Spinner $size={24} />;
  return (
    <Form<SchedulesValues> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={initial}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.settings.schedules')}>
          <SchedulesFields />
          <Button type="submit" disabled={submitting}>
            {t('web.common.save')}
          </Button>
        </form>
      )}
    </Form>
  );
}
