/**
 * The editor's title bar: the reminder to save (or, for users who may not write flows, that the
 * flow is read only), Undo and Redo, Simulate and Save.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Spinner } from '../../ui/controls.js';
import { PageHeader } from '../../ui/Page.js';
import type { EditorHistory } from './useHistory.js';

const Hint = styled.span`
  color: ${({ theme }) => theme.textSecondary};
  font-size: 13px;
`;

interface EditorHeaderProps {
  canWrite: boolean;
  history: EditorHistory;
  /** Offered when the simulator exists and the flow is saved once. */
  simulate: (() => void) | null;
  simulating: boolean;
  save: (() => void) | null;
  busy: boolean;
  saving: boolean;
}

export function EditorHeader({ canWrite, history, simulate, simulating, save, busy, saving }: EditorHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('web.flowEditor.title')}>
      {canWrite ? <Hint>{t('web.flowEditor.hint')}</Hint> : <Hint data-read-only>{t('web.flowEditor.readOnly')}</Hint>}
      {canWrite ? (
        <>
          <Button $variant="outlined" onClick={history.undo} disabled={!history.canUndo} title={`${t('web.flowEditor.undo')} (Ctrl+Z)`} data-undo>
            {t('web.flowEditor.undo')}
          </Button>
          <Button $variant="outlined" onClick={history.redo} disabled={!history.canRedo} title={`${t('web.flowEditor.redo')} (Ctrl+Shift+Z)`} data-redo>
            {t('web.flowEditor.redo')}
          </Button>
        </>
      ) : null}
      {simulate ? (
        <Button $variant="outlined" onClick={simulate} disabled={busy || simulating} data-simulate>
          {t('web.flowEditor.simulate')}
        </Button>
      ) : null}
      {canWrite ? (
        <Button onClick={() => save?.()} disabled={!save || busy || saving} data-save-flow>
          {saving ? <Spinner /> : null}
          {t('web.flowEditor.save')}
        </Button>
      ) : null}
    </PageHeader>
  );
}
