/**
 * The campaign dialog (document 2 sections 3, 4 and 5): name, connection, audience (a contact list
 * or a tag), file list, schedule, confirmation, five message variants and five confirmation
 * variants in tabs, attachment. Read-only when the campaign is not editable.
 */
import { useEffect, useState } from 'react';
import { useField } from 'react-final-form';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_VARIANTS, campaignCreateSchema, campaignUpdateSchema, type Campaign } from '@atende/shared';
import type { CampaignData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { FieldBox, SelectField, SwitchField, TextField, useSchemaValidator, type Option } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { Tabs } from '../queues/Tabs.js';

type Values = Omit<CampaignData, 'scheduledAt'> & { scheduledAt?: string };

const VARIABLES = ['{{firstName}}', '{{name}}', '{{greeting}}', '{{protocol}}', '{{date}}', '{{hour}}'].join(', ');

/** An ISO instant as the value of a datetime-local input (the browser's time zone). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function useOptions(load: () => Promise<Option[]>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let active = true;
    // A list that cannot be read (an area not installed) leaves its select empty.
    load().then((loaded) => active && setOptions(loaded), () => active && setOptions([]));
    return () => {
      active = false;
    };
  }, []);
  return options;
}

function VariantTabs({ prefix, label, readOnly }: { prefix: 'message' | 'confirmationMessage'; label: (n: number) => string; readOnly: boolean }) {
  const [shown, setShown] = useState<string>('1');
  return (
    <>
      <Tabs tabs={CAMPAIGN_VARIANTS.map((n) => ({ key: String(n), label: label(n) }))} selected={shown} onSelect={setShown} />
      <TextField key={`${prefix}${shown}`} name={`${prefix}${shown}`} label={label(Number(shown))} multiline={5} disabled={readOnly} />
    </>
  );
}

function ConfirmationVariants({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { input } = useField<boolean>('confirmation', { subscription: { value: true } });
  return input.value ? <VariantTabs prefix="confirmationMessage" label={(n) => t('web.campaigns.confirmationMessage', { n })} readOnly={readOnly} /> : null;
}

export default function CampaignModal({ campaign, onClose, onSaved }: { campaign: Campaign | null; onClose(): void; onSaved(campaign: Campaign): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const readOnly = campaign !== null && !campaign.editable;
  const validate = useSchemaValidator<Values>(campaign ? campaignUpdateSchema : campaignCreateSchema);
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(campaign?.mediaName ?? null);
  const [tab, setTab] = useState<'messages' | 'confirmations'>('messages');

  const connections = useOptions(() => api.whatsapp.list().then((rows) => rows.map((w) => ({ value: w.id, label: w.name }))));
  const contactLists = useOptions(() => api.request<{ id: string; name: string }[]>('GET', '/contact-lists/list').then((rows) => rows.map((l) => ({ value: l.id, label: l.name }))));
  const tags = useOptions(() => api.tags.list().then((rows) => rows.map((tag) => ({ value: tag.id, label: tag.name }))));
  const fileLists = useOptions(() => api.campaigns.fileLists().then((page) => page.files.map((f) => ({ value: f.id, label: f.name }))));

  const removeMedia = async () => {
    if (!campaign) return;
    try {
      await api.campaigns.removeMedia(campaign.id);
      setMediaName(null);
      toast.success(t('web.campaigns.attachmentRemoved'));
    } catch (error) {
      showError(error);
    }
  };

  const submit = async (values: Values) => {
    const data: CampaignData = {
      ...values,
      name: values.name ?? '',
      scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
      whatsappId: values.whatsappId || null,
      contactListId: values.contactListId || null,
      tagListId: values.tagListId || null,
      fileListId: values.fileListId || null,
      confirmation: Boolean(values.confirmation),
    };
    try {
      let saved = campaign ? await api.campaigns.update(campaign.id, data) : await api.campaigns.create(data);
      // Attachment names have their spaces replaced by underscores (document 2 section 5).
      if (file) saved = await api.campaigns.uploadMedia(saved.id, file, file.name.replace(/\s/g, '_'));
      toast.success(t(campaign ? 'web.campaigns.edited' : 'web.campaigns.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const initial: Values = {
    name: campaign?.name ?? '',
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: toLocalInput(campaign?.scheduledAt ?? null),
    whatsappId: campaign?.whatsappId ?? '',
    contactListId: campaign?.contactListId ?? '',
    tagListId: campaign?.tagId ?? '',
    fileListId: campaign?.fileListId ?? '',
    ...Object.fromEntries(CAMPAIGN_VARIANTS.flatMap((n) => [[`message${n}`, campaign?.[`message${n}`] ?? ''], [`confirmationMessage${n}`, campaign?.[`confirmationMessage${n}`] ?? '']])),
  };
  const title = !campaign ? 'web.campaigns.addTitle' : readOnly ? 'web.campaigns.viewTitle' : 'web.campaigns.editTitle';
  return (
    <Dialog title={t(title)} onClose={onClose} width={720}>
      <Form<Values> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.campaigns.form')}>
            {readOnly ? <p role="note">{t('web.campaigns.readOnly')}</p> : null}
            <TextField name="name" label={t('web.campaigns.name')} autoFocus disabled={readOnly} />
            <SelectField name="whatsappId" label={t('web.campaigns.connection')} options={connections} empty={t('web.campaigns.none')} disabled={readOnly} />
            <SelectField name="contactListId" label={t('web.campaigns.contactList')} options={contactLists} empty={t('web.campaigns.none')} disabled={readOnly || Boolean(values.tagListId)} />
            <SelectField name="tagListId" label={t('web.campaigns.tag')} options={tags} empty={t('web.campaigns.none')} disabled={readOnly || Boolean(values.contactListId)} />
            <SelectField name="fileListId" label={t('web.campaigns.fileList')} options={fileLists} empty={t('web.campaigns.none')} disabled={readOnly} />
            <TextField name="scheduledAt" label={t('web.campaigns.scheduledAt')} type="datetime-local" disabled={readOnly} />
            <SwitchField name="confirmation" label={t('web.campaigns.confirmation')} description={t('web.campaigns.confirmationHelp')} disabled={readOnly} />
            <Tabs<'messages' | 'confirmations'>
              tabs={[
                { key: 'messages', label: t('web.campaigns.messagesTab') },
                ...(values.confirmation ? [{ key: 'confirmations' as const, label: t('web.campaigns.confirmationsTab') }] : []),
              ]}
              selected={values.confirmation ? tab : 'messages'}
              onSelect={setTab}
            />
            {tab === 'messages' || !values.confirmation ? (
              <VariantTabs prefix="message" label={(n) => t('web.campaigns.message', { n })} readOnly={readOnly} />
            ) : (
              <ConfirmationVariants readOnly={readOnly} />
            )}
            <p>{t('web.campaigns.variablesHelp', { list: VARIABLES, interpolation: { escapeValue: false } })}</p>
            <FieldBox>
              <label htmlFor="campaign-file">{t('web.campaigns.attachment')}</label>
              {mediaName && !file ? (
                <span>
                  {mediaName}{' '}
                  {readOnly ? null : (
                    <Button $variant="text" onClick={() => void removeMedia()}>
                      {t('web.campaigns.removeAttachment')}
                    </Button>
                  )}
                </span>
              ) : null}
              {readOnly ? null : <input id="campaign-file" type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />}
            </FieldBox>
            {readOnly ? null : <FormActions onCancel={onClose} submitting={submitting} />}
          </form>
        )}
      </Form>
    </Dialog>
  );
}
