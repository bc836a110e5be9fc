/**
 * /flowbuilders (document 3 section 2): the conversation flows, searchable with infinite scroll,
 * each with its Ativo / Desativado switch and a menu (edit name, edit flow, duplicate, export,
 * delete); add and import; kept live by the `flowbuilder` channel. Profiles that may not write
 * flows see the list, open the editor and export.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { mayWriteFlows, type Flow, type FlowEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { Switch } from '../../ui/Switch.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLiveList } from '../../ui/useLiveList.js';
import { downloadFlow, readFlowFile } from './flowFile.js';
import FlowMenu, { type FlowMenuAction } from './FlowMenu.js';
import FlowNameDialog from './FlowNameDialog.js';

const editorPath = (flow: Pick<Flow, 'id'>) => `/flowbuilder/${flow.id}`;

export default function FlowbuildersPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const calls = api.flows;
  const canWrite = mayWriteFlows(useUser());
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const fileInput = useRef<HTMLInputElement>(null);
  /** undefined: closed; null: a new flow; a flow: renaming it. */
  const [naming, setNaming] = useState<Flow | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<Flow, FlowEvent>({
    fetchPage: (query) => calls.listFlows(query).then((page) => ({ items: page.flows, hasMore: page.hasMore })),
    channel: 'flowbuilder',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.flowId } : { put: event.flow }),
    remove: calls.deleteFlow,
    deletedText: t('web.flowbuilders.list.deleted'),
  });

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      showError(error);
    }
  };

  const saveName = async (name: string) => {
    try {
      if (naming) {
        list.upsert(await calls.updateFlow(naming.id, { name }));
        toast.success(t('web.flowbuilders.list.renamed'));
        setNaming(undefined);
      } else {
        const created = await calls.createFlow(name);
        toast.success(t('web.flowbuilders.list.created'));
        navigate(editorPath(created));
      }
    } catch (error) {
      showError(error);
    }
  };

  const toggle = (flow: Flow) =>
    run(async () => {
      list.upsert(await calls.updateFlow(flow.id, { active: !flow.active }));
      toast.success(t(flow.active ? 'web.flowbuilders.list.deactivated' : 'web.flowbuilders.list.activated'));
    });

  const onMenu = (flow: Flow, action: FlowMenuAction) => {
    if (action === 'editName') setNaming(flow);
    else if (action === 'editFlow') navigate(editorPath(flow));
    else if (action === 'delete') deletion.ask(flow);
    else if (action === 'export') void run(async () => downloadFlow(await calls.exportFlow(flow.id)));
    else
      void run(async () => {
        list.upsert(await calls.duplicateFlow(flow.id));
        toast.success(t('web.flowbuilders.list.duplicated'));
      });
  };

  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change.
    event.target.value = '';
    if (!file) return;
    void run(async () => {
      const content = await readFlowFile(file);
      if (!content) {
        toast.error(t('web.flowbuilders.list.importInvalid'));
        return;
      }
      list.upsert(await calls.importFlow(content));
      toast.success(t('web.flowbuilders.list.imported'));
    });
  };

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.flowbuilders')}>
        <SearchField value={search} onChange={setSearch} />
        {canWrite ? (
          <>
            <Button $variant="outlined" onClick={() => fileInput.current?.click()} data-flow-import>
              {t('web.flowbuilders.list.import')}
            </Button>
            <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={importFile} aria-label={t('web.flowbuilders.list.import')} />
            <Button onClick={() => setNaming(null)}>{t('web.flowbuilders.list.add')}</Button>
          </>
        ) : null}
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.flowbuilders.list.name')}</th>
              <th>{t('web.flowbuilders.list.status')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((flow) => (
              <tr key={flow.id} data-flow={flow.name} data-active={flow.active} onClick={() => navigate(editorPath(flow))} style={{ cursor: 'pointer' }}>
                <td>
                  <Link to={editorPath(flow)} onClick={(event) => event.stopPropagation()}>
                    {flow.name}
                  </Link>
                </td>
                <td onClick={(event) => event.stopPropagation()}>
                  <Switch
                    label={t(flow.active ? 'web.flowbuilders.list.active' : 'web.flowbuilders.list.inactive')}
                    aria-label={t('web.flowbuilders.list.toggle', { name: flow.name })}
                    checked={flow.active}
                    disabled={!canWrite}
                    onChange={() => void toggle(flow)}
                  />
                </td>
                <td className="actions" onClick={(event) => event.stopPropagation()}>
                  <FlowMenu flow={flow} canWrite={canWrite} onAction={(action) => onMenu(flow, action)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={3} text={t('web.empty.flowbuilders')} search={search} />
          </tbody>
        </Table>
      </Paper>
      {naming !== undefined ? <FlowNameDialog name={naming?.name} onClose={() => setNaming(undefined)} onSubmit={saveName} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.flowbuilders.list.deleteTitle', { name: deletion.deleting.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.flowbuilders.list.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
