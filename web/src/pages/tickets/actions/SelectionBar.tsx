/** Messages picked for a forward: how many, forward them, or cancel. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../ui/controls.js';

const Bar = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 3;
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 16px;
  border-top: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  span {
    flex: 1;
  }
`;

export default function SelectionBar({ count, onForward, onCancel }: { count: number; onForward(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Bar role="region" aria-label={t('web.messageActions.selected', { count })} data-selection={count}>
      <span>{t('web.messageActions.selected', { count })}</span>
      <Button $variant="text" onClick={onCancel}>
        {t('web.common.cancel')}
      </Button>
      <Button onClick={onForward} data-forward>
        {t('web.messageActions.forward')}
      </Button>
    </Bar>
  );
}
