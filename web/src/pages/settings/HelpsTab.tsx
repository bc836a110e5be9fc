/** Settings, helps tab (super users): the help videos every company sees; add, edit, delete. */
import { useCallback, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { FORM_SUBMIT_DELAY_SLOW_MS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { helpCreateSchema, type Help } from '@atende/shared';
import type { HelpData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { FormRow, TextField, useSchemaValidator } from '../../ui/form.js';
import { StatusRow, Table } from '../../ui/Page.js';
import { useFailureToast, useToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import { usePagedList, type PageQuery } from '../../ui/usePagedList.js';

const EMPTY: HelpData = { title: '', description: '', video: '' };

export default function HelpsTab() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const listFailed = useFailureToast('errorList');
  const saveFailed = useFailureToast('errorSave');
  const operationFailed = useFailureToast('errorOperation');
  const validate = useSchemaValidator<HelpData>(helpCreateSchema);
  /** null: adding a new one. */
  const [editing, setEditing] = useState<Help | null>(null);

  const fetchPage = useCallback((query: PageQuery) => api.helps.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })), [api]);
  const list = usePagedList<Help>(fetchPage, '', listFailed);

  const submit = async (values: HelpData, form: { restart(values: HelpData): void }) => {
    const data: HelpData = { title: values.title, description: values.description ?? '', video: values.video ?? '' };
    try {
      list.upsert(editing ? await api.helps.update(editing.id, data) : await api.helps.create(data));
      toast.success(t('web.backoffice.helps.saved'));
      setEditing(null);
      form.restart(EMPTY);
    } catch (error) {
      saveFailed(error);
    }
  };

  const deletion = useDeletion<Help>(api.helps.remove, list.remove, t('web.backoffice.helps.deleted'), operationFailed);

  const initial = editing ? { title: editing.title, description: editing.description, video: editing.video } : EMPTY;
  return (
    <>
      <Form<HelpData> submitDelay={FORM_SUBMIT_DELAY_SLOW_MS} onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.backoffice.helps.form')}>
            <FormRow>
              <TextField name="title" label={t('web.backoffice.helps.fieldTitle')} />
              <TextField name="video" label={t('web.backoffice.helps.video')} />
            </FormRow>
            <TextField name="description" label={t('web.backoffice.helps.description')} />
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
            <th>{t('web.backoffice.helps.fieldTitle')}</th>
            <th>{t('web.backoffice.helps.video')}</th>
            <th className="actions">{t('web.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((help) => (
            <tr key={help.id} data-help={help.title}>
              <td>{help.title}</td>
              <td>{help.video}</td>
              <td className="actions">
                <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(help)} />
                <IconButton icon="trash" label={t('web.common.delete')} onClick={() => void deletion.remove(help)} />
              </td>
            </tr>
          ))}
          <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={3} />
        </tbody>
      </Table>
    </>
  );
}
