/** Settings, plans tab (super users): limits, value, pay link and the flags that gate the menu; add, edit, delete. */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { FORM_SUBMIT_DELAY_SLOW_MS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { PLAN_FLAGS, planCreateSchema, type Plan } from '@atende/shared';
import type { PlanData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { formatMoney } from '../../ui/format.js';
import { FormRow, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { StatusRow, Table } from '../../ui/Page.js';
import { useFailureToast, useToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';

const NEW_PLAN: PlanData = { name: '', users: 1, connections: 1, queues: 1, value: 0, payLink: '' };
const toNumber = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

function valuesOf(plan: Plan): PlanData {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan[flag]]));
  return { name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: plan.value, payLink: plan.payLink ?? '', ...flags };
}

export default function PlansTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const listFailed = useFailureToast('errorList');
  const saveFailed = useFailureToast('errorSave');
  const operationFailed = useFailureToast('errorOperation');
  const validate = useSchemaValidator<PlanData>(planCreateSchema);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [editing, setEditing] = useState<Plan | null>(null);

  useEffect(() => {
    api.plans.all().then(setPlans, listFailed);
  }, [api, listFailed]);

  const submit = async (values: PlanData, form: { restart(values: PlanData): void }) => {
    const data: PlanData = { ...values, payLink: values.payLink || null };
    try {
      const saved = editing ? await api.plans.update(editing.id, data) : await api.plans.create(data);
      setPlans((current) => (current.some((plan) => plan.id === saved.id) ? current.map((plan) => (plan.id === saved.id ? saved : plan)) : [...current, saved]));
      toast.success(t('web.backoffice.plans.saved'));
      setEditing(null);
      form.restart(NEW_PLAN);
    } catch (error) {
      saveFailed(error);
    }
  };

  const deletion = useDeletion<Plan>(api.plans.remove, (id) => setPlans((current) => current.filter((candidate) => candidate.id !== id)), t('web.backoffice.plans.deleted'), operationFailed);

  return (
    <>
      <Form<PlanData> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={editing ? valuesOf(editing) : NEW_PLAN}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.plans.form')}>
            <FormRow>
              <TextField name="name" label={t('web.backoffice.plans.name')} />
              <TextField name="users" label={t('web.backoffice.plans.users')} inputMode="numeric" parse={toNumber} />
              <TextField name="connections" label={t('web.backoffice.plans.connections')} inputMode="numeric" parse={toNumber} />
              <TextField name="queues" label={t('web.backoffice.plans.queues')} inputMode="numeric" parse={toNumber} />
              <TextField name="value" label={t('web.backoffice.plans.value')} inputMode="decimal" parse={toNumber} />
            </FormRow>
            <TextField name="payLink" label={t('web.backoffice.plans.payLink')} />
            <FormRow>
              {PLAN_FLAGS.map((flag) => (
                <SwitchField key={flag} name={flag} label={t(`web.backoffice.plans.flags.${flag}`)} />
              ))}
            </FormRow>
            <Button type="submit" disabled={submitting}>
              {t('web.common.save')}
            </Button>{' '}
            {editing ? (
              <Button $variant="outlined" onClick={() => setEditing(null)}>
                {t('web.common.cancel')}
              </Button>
            ) : null}
          </form>
        )}
      </Form>
      <Table>
        <thead>
          <tr>
            <th>{t('web.backoffice.plans.name')}</th>
            <th>{t('web.backoffice.plans.users')}</th>
            <th>{t('web.backoffice.plans.connections')}</th>
            <th>{t('web.backoffice.plans.queues')}</th>
            <th>{t('web.backoffice.plans.value')}</th>
            <th className="actions">{t('web.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id} data-plan={plan.name}>
              <td>{plan.name}</td>
              <td>{plan.users}</td>
              <td>{plan.connections}</td>
              <td>{plan.queues}</td>
              <td>{formatMoney(plan.value)}</td>
              <td className="actions">
                <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(plan)} />
                <IconButton icon="trash" label={t('web.common.delete')} onClick={() => void deletion.remove(plan)} />
              </td>
            </tr>
          ))}
          <StatusRow loading={false} empty={plans.length === 0} colSpan={6} />
        </tbody>
      </Table>
    </>
  );
}
