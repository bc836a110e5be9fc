/**
 * Settings, companies tab (super users): add, edit, delete, renew by the recurrence; rows
 * coloured by the days left to the due date.
 */
import { useCallback, useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { FORM_SUBMIT_DELAY_SLOW_MS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { companyCreateSchema, companyUpdateSchema, RECURRENCES, type Company, type Plan } from '@atende/shared';
import type { CompanyData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { formatDate } from '../../ui/format.js';
import { FormRow, SelectField, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { StatusRow, Table, useInfiniteScroll } from '../../ui/Page.js';
import { useFailureToast, useToast } from '../../ui/toast.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';
import { dueColor } from './dueDate.js';

const ROW_COLORS = { yellow: 'rgba(255, 214, 0, 0.3)', orange: 'rgba(255, 140, 0, 0.3)', red: 'rgba(229, 57, 53, 0.3)' };

type CompanyValues = Omit<CompanyData, 'dueDate'> & { dueDate?: string };

// No dueDate or password until typed: blank ones would fail the schema (the server sets the due date).
const NEW_COMPANY: CompanyValues = { name: '', email: '', phone: '', planId: '', status: true, campaignsEnabled: true, recurrence: 'MENSAL' };

function valuesOf(company: Company): CompanyValues {
  return {
    name: company.name,
    email: company.email ?? '',
    phone: company.phone ?? '',
    planId: company.planId,
    status: company.status,
    campaignsEnabled: company.campaignsEnabled,
    recurrence: company.recurrence,
    dueDate: company.dueDate.slice(0, 10),
    billingName: company.billingName ?? '',
    billingAddress: company.billingAddress ?? '',
  };
}

export default function CompaniesTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const listFailed = useFailureToast('errorList');
  const saveFailed = useFailureToast('errorSave');
  const operationFailed = useFailureToast('errorOperation');
  const [editing, setEditing] = useState<Company | null>(null);
  const [plans, setPlans] = useState<Plan[]>([]);
  const validate = useSchemaValidator<CompanyValues>(editing ? companyUpdateSchema : companyCreateSchema);

  const fetchPage = useCallback((query: PageQuery) => api.companies.page(query).then((page) => ({ items: page.companies, hasMore: page.hasMore })), [api]);
  const list = usePagedList<Company>(fetchPage, '', listFailed);
  const scroll = useInfiniteScroll<HTMLDivElement>(list);

  useEffect(() => {
    api.plans.all().then(setPlans, listFailed);
  }, [api, listFailed]);

  const submit = async (values: CompanyValues, form: { restart(values: CompanyValues): void }) => {
    const { password, dueDate, ...rest } = values;
    const data: CompanyData = { ...rest, email: rest.email || null, phone: rest.phone || null, ...(dueDate ? { dueDate: new Date(`${dueDate}T00:00:00Z`).toISOString() } : {}), ...(!editing && password ? { password } : {}) };
    try {
      list.upsert(editing ? await api.companies.update(editing.id, data) : await api.companies.create(data));
      toast.success(t('web.backoffice.companies.saved'));
      setEditing(null);
      form.restart(NEW_COMPANY);
    } catch (error) {
      saveFailed(error);
    }
  };

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(t(done));
    } catch (error) {
      operationFailed(error);
    }
  };

  return (
    <>
      <Form<CompanyValues> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={editing ? valuesOf(editing) : NEW_COMPANY}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.companies.form')}>
            <FormRow>
              <TextField name="name" label={t('web.backoffice.companies.name')} />
              <TextField name="email" label={t('web.backoffice.companies.email')} type="email" />
              <TextField name="phone" label={t('web.backoffice.companies.phone')} />
              {editing ? null : <TextField name="password" label={t('web.backoffice.companies.password')} type="password" autoComplete="new-password" />}
            </FormRow>
            <FormRow>
              <SelectField name="planId" label={t('web.backoffice.companies.plan')} empty="" options={plans.map((plan) => ({ value: plan.id, label: plan.name }))} />
              <SelectField name="recurrence" label={t('web.backoffice.companies.recurrence')} options={RECURRENCES.map((value) => ({ value, label: t(`web.backoffice.companies.recurrences.${value}`) }))} />
              <TextField name="dueDate" label={t('web.backoffice.companies.dueDate')} type="date" />
            </FormRow>
            <FormRow>
              <TextField name="billingName" label={t('web.backoffice.companies.billingName')} />
              <TextField name="billingAddress" label={t('web.backoffice.companies.billingAddress')} />
            </FormRow>
            <SwitchField name="status" label={t('web.backoffice.companies.status')} /> <SwitchField name="campaignsEnabled" label={t('web.backoffice.companies.campaignsEnabled')} />
            <div>
              <Button type="submit" disabled={submitting}>
                {t('web.common.save')}
              </Button>{' '}
              {editing ? (
                <Button $variant="outlined" onClick={() => setEditing(null)}>
                  {t('web.common.cancel')}
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </Form>
      <div style={{ maxHeight: 420, overflow: 'auto' }} {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.companies.name')}</th>
              <th>{t('web.backoffice.companies.email')}</th>
              <th>{t('web.backoffice.companies.plan')}</th>
              <th>{t('web.backoffice.companies.status')}</th>
              <th>{t('web.backoffice.companies.dueDate')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((company) => {
              const color = dueColor(company.dueDate);
              return (
                <tr key={company.id} data-company={company.name} data-due={color ?? ''} style={color ? { background: ROW_COLORS[color] } : undefined}>
                  <td>{company.name}</td>
                  <td>{company.email ?? ''}</td>
                  <td>{plans.find((plan) => plan.id === company.planId)?.name ?? ''}</td>
                  <td>{company.status ? t('web.backoffice.yes') : t('web.backoffice.no')}</td>
                  <td>{formatDate(company.dueDate)}</td>
                  <td className="actions">
                    <IconButton icon="refresh" label={t('web.backoffice.companies.renew')} onClick={() => void act(() => api.companies.renew(company.id).then(list.upsert), 'web.backoffice.companies.renewed')} />
                    <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(company)} />
                    <IconButton icon="trash" label={t('web.common.delete')} onClick={() => void act(() => api.companies.remove(company.id).then(() => list.remove(company.id)), 'web.backoffice.companies.deleted')} />
                  </td>
                </tr>
              );
            })}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={6} />
          </tbody>
        </Table>
      </div>
    </>
  );
}
