/** The randomizer block: the percentage of runs taking exit A, 0 to 100 in steps of 10. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_RANDOMIZER_STEP, type FlowNodeData } from '@atende/shared';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';

export function RandomizerDialog({ data, onCancel, onSave }: BlockDialogProps<FlowNodeData['randomizer']>) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(data?.percent ?? 50);
  return (
    <BlockDialog
      editing={Boolean(data)}
      title={t(data ? 'web.flowEditor.randomizer.editTitle' : 'web.flowEditor.randomizer.addTitle')}
      onCancel={onCancel}
      onSubmit={() => onSave({ percent })}
    >
      <LabeledField label={t('web.flowEditor.randomizer.percent')} name="percent">
        {(id) => (
          <input
            id={id}
            name="percent"
            type="range"
            min={0}
            max={100}
            step={FLOW_RANDOMIZER_STEP}
            value={percent}
            onChange={(event) => setPercent(Number(event.target.value))}
            aria-valuetext={`${percent}%`}
          />
        )}
      </LabeledField>
      <p data-randomizer-summary>{t('web.flowEditor.randomizer.summary', { percent, rest: 100 - percent })}</p>
    </BlockDialog>
  );
}
