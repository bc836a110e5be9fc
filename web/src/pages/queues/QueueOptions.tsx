/**
 * The options tree of a saved queue (document 2 sections 2 and 3): each option has a number, a
 * title and a message, and may hold options of its own. Every change is saved at once.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TOP_LEVEL_OPTION, type QueueOption } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button, IconButton } from '../../ui/controls.js';
import { FieldBox } from '../../ui/form.js';
import { useErrorToast } from '../../ui/toast.js';
import { buildOptionTree, nextOptionNumber, putOption, subtreeIds, type OptionNode } from './optionsTree.js';

const Node = styled.div`
  margin: 6px 0 6px 14px;
  padding-left: 10px;
  border-left: 2px solid ${({ theme }) => theme.border};
`;

const Line = styled.div`
  display: grid;
  grid-template-columns: 56px 1fr 2fr auto auto;
  gap: 6px;
  align-items: end;
`;

interface Draft {
  option: string;
  title: string;
  message: string;
}

function OptionEditor({ node, onSave, onAddChild, onDelete }: { node: OptionNode; onSave(option: QueueOption, draft: Draft): void; onAddChild(parent: QueueOption): void; onDelete(option: QueueOption): void }) {
  const { t } = useTranslation();
  const { option } = node;
  const [draft, setDraft] = useState<Draft>({ option: option.option, title: option.title, message: option.message });
  const changed = draft.option !== option.option || draft.title !== option.title || draft.message !== option.message;
  const edit = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  return (
    <Node data-queue-option={option.title}>
      <Line>
        <FieldBox>
          <label>{t('web.backoffice.queues.optionNumber')}</label>
          <input value={draft.option} onChange={edit('option')} aria-label={t('web.backoffice.queues.optionNumber')} />
        </FieldBox>
        <FieldBox>
          <label>{t('web.backoffice.queues.optionTitle')}</label>
          <input value={draft.title} onChange={edit('title')} aria-label={t('web.backoffice.queues.optionTitle')} />
        </FieldBox>
        <FieldBox>
          <label>{t('web.backoffice.queues.optionMessage')}</label>
          <input value={draft.message} onChange={edit('message')} aria-label={t('web.backoffice.queues.optionMessage')} />
        </FieldBox>
        <IconButton icon="check" label={t('web.common.save')} disabled={!changed || !draft.title.trim() || !draft.option.trim()} onClick={() => onSave(option, draft)} />
        <span>
          <IconButton icon="plus" label={t('web.backoffice.queues.addSubOption')} onClick={() => onAddChild(option)} />
          <IconButton icon="trash" label={t('web.common.delete')} onClick={() => onDelete(option)} />
        </span>
      </Line>
      {node.children.map((child) => (
        <OptionEditor key={child.option.id} node={child} onSave={onSave} onAddChild={onAddChild} onDelete={onDelete} />
      ))}
    </Node>
  );
}

export default function QueueOptions({ queueId }: { queueId: string }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [options, setOptions] = useState<QueueOption[]>([]);

  useEffect(() => {
    api.queues.options.list({ queueId }).then(setOptions, showError);
  }, [api, queueId, showError]);

  const add = async (parent: QueueOption | null) => {
    const parentId = parent ? parent.id : TOP_LEVEL_OPTION;
    try {
      const title = t('web.backoffice.queues.newOption');
      const saved = await api.queues.options.create({ queueId, parentId, title, message: '', option: nextOptionNumber(options, parentId) });
      setOptions((current) => putOption(current, saved));
    } catch (error) {
      showError(error);
    }
  };

  const save = async (option: QueueOption, draft: Draft) => {
    try {
      const saved = await api.queues.options.update(option.id, { option: draft.option.trim(), title: draft.title.trim(), message: draft.message });
      setOptions((current) => putOption(current, saved));
    } catch (error) {
      showError(error);
    }
  };

  const remove = async (option: QueueOption) => {
    try {
      await api.queues.options.remove(option.id);
      setOptions((current) => {
        const gone = subtreeIds(current, option.id);
        return current.filter((candidate) => !gone.has(candidate.id));
      });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section aria-label={t('web.backoffice.queues.options')}>
      <h3>{t('web.backoffice.queues.options')}</h3>
      {buildOptionTree(options).map((node) => (
        <OptionEditor key={node.option.id} node={node} onSave={(option, draft) => void save(option, draft)} onAddChild={(parent) => void add(parent)} onDelete={(option) => void remove(option)} />
      ))}
      <Button $variant="outlined" onClick={() => void add(null)}>
        {t('web.backoffice.queues.addOption')}
      </Button>
    </section>
  );
}
