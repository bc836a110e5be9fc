/**
 * The phrase campaign dialog (document 3 sections 2, 4, 5): name, flow, connection and phrase
 * required, the status switch on by default.
 */
import { useEffect, useState } from 'react';
import { Form } from '../../ui/DelayedForm.js';
import { useTranslation } from 'react-i18next';
import { flowCampaignCreateSchema, type Flow, type FlowCampaign } from '@atende/shared';
import type { FlowCampaignData } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { loadAllFlows } from '../../app/flows.js';
import { useWhatsapps } from '../../app/whatsapps.js';
import { Dialog, FormActions } from '../../ui/Dialog.js';
import { SelectField, SwitchField, TextField, useSchemaValidator } from '../../ui/form.js';
import { useErrorToast, useToast } from '../../ui/toast.js';

type Values = Partial<Required<FlowCampaignData>>;

interface PhraseListModalProps {
  /** null: a new campaign. */
  campaign: FlowCampaign | null;
  onClose(): void;
  onSaved(campaign: FlowCampaign): void;
}

export default function PhraseListModal({ campaign, onClose, onSaved }: PhraseListModalProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const { whatsapps } = useWhatsapps();
  const toast = useToast();
  const showError = useErrorToast();
  const validate = useSchemaValidator<Values>(flowCampaignCreateSchema);
  const [flows, setFlows] = useState<Flow[]>([]);

  useEffect(() => {
    let active = true;
    loadAllFlows(api).then((loaded) => active && setFlows(loaded), showError);
    return () => {
      active = false;
    };
  }, [api, showError]);

  const submit = async (values: Values) => {
    const data: Required<FlowCampaignData> = {
      name: values.name ?? '',
      flowId: values.flowId ?? '',
      whatsappId: values.whatsappId ?? '',
      phrase: values.phrase ?? '',
      status: values.status !== false,
    };
    try {
      const saved = campaign ? await api.flows.updateFlowCampaign(campaign.id, data) : await api.flows.createFlowCampaign(data);
      toast.success(t(campaign ? 'web.flowbuilders.phraseLists.edited' : 'web.flowbuilders.phraseLists.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  // A flow of the campaign that is not among the listed ones still shows by its id's entry.
  const flowOptions = flows.map((flow) => ({ value: flow.id, label: flow.name }));
  if (campaign && !flows.some((flow) => flow.id === campaign.flowId)) flowOptions.push({ value: campaign.flowId, label: campaign.flowId });
  const initial: Values = {
    name: campaign?.name ?? '',
    flowId: campaign?.flowId ?? '',
    whatsappId: campaign?.whatsappId ?? '',
    phrase: campaign?.phrase ?? '',
    status: campaign?.status ?? true,
  };
  return (
    <Dialog title={t(campaign ? 'web.flowbuilders.phraseLists.editTitle' : 'web.flowbuilders.phraseLists.addTitle')} onClose={onClose} width={520}>
      <Form<Values> onSubmit={submit} validate={validate} initialValues={initial}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label={t('web.flowbuilders.phraseLists.form')}>
            <TextField name="name" label={t('web.flowbuilders.phraseLists.name')} autoFocus />
            <SelectField name="flowId" label={t('web.flowbuilders.phraseLists.flow')} options={flowOptions} empty={t('web.flowbuilders.phraseLists.chooseFlow')} />
            <SelectField
              name="whatsappId"
              label={t('web.flowbuilders.phraseLists.connection')}
              options={whatsapps.map((whatsapp) => ({ value: whatsapp.id, label: whatsapp.name }))}
              empty={t('web.flowbuilders.phraseLists.chooseConnection')}
            />
            <TextField name="phrase" label={t('web.flowbuilders.phraseLists.phrase')} parse={(value) => value} />
            <SwitchField name="status" label={t('web.flowbuilders.phraseLists.statusSwitch')} />
            <FormActions onCancel={onClose} submitting={submitting} />
          </form>
        )}
      </Form>
    </Dialog>
  );
}
