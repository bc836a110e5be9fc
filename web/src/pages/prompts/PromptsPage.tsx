/**
 * /prompts (document 3 section 2; plan useOpenAi, admins): the table of name, queue, maxTokens and
 * actions, the add/edit dialog, the delete confirmation, live updates on the prompt channel, and
 * the company's default endpoint. Without the plan flag: a toast, then / after a second.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { promptsPageTexts, type Prompt, type PromptEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { usePageTexts } from '../../app/lazyTexts.js';
import { usePlanGate } from '../../app/usePlanGate.js';
import { Button, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';
import { DefaultEndpoint } from './DefaultEndpoint.js';
import PromptModal from './PromptModal.js';

const Muted = styled.span`
  color: ${({ theme }) => theme.textSecondary};
`;

function Prompts() {
  const { t } = useTranslation();
  const { api } = useApi();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<Prompt | null | undefined>(undefined);
  const { list, scroll, deletion } = useLiveList<Prompt, PromptEvent>({
    // Few per company: the list comes whole, in name order.
    fetchPage: () => api.prompts.list().then((answer) => ({ items: answer.prompts, hasMore: false })),
    channel: 'prompt',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.promptId } : { put: event.prompt }),
    remove: api.prompts.remove,
    deletedText: t('web.prompts.deleted'),
    order: (a, b) => a.name.localeCompare(b.name),
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.prompts')}>
        <Button onClick={() => setEditing(null)}>{t('web.prompts.add')}</Button>
      </PageHeader>
      <DefaultEndpoint />
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.prompts.name')}</th>
              <th>{t('web.prompts.queue')}</th>
              <th>{t('web.prompts.maxTokens')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((prompt) => (
              <tr key={prompt.id} data-prompt={prompt.name}>
                <td>{prompt.name}</td>
                <td>{prompt.queue?.name ?? <Muted>{t('web.prompts.noQueue')}</Muted>}</td>
                <td>{prompt.maxTokens}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(prompt)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(prompt)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={4} text={t('web.empty.prompts')} action={<Button onClick={() => setEditing(null)}>{t('web.prompts.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <PromptModal prompt={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.prompts.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.prompts.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}

/** The page's texts under web.prompts, next to the pickers' and the conversation's (first load). */
const PAGE_TEXTS = { pt: { prompts: promptsPageTexts.pt }, en: { prompts: promptsPageTexts.en }, es: { prompts: promptsPageTexts.es } };

export default function PromptsPage() {
  usePageTexts(PAGE_TEXTS);
  const allowed = usePlanGate('useOpenAi', 'web.prompts.unauthorized');
  return allowed ? <Prompts /> : null;
}
