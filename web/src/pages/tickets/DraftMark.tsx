/** The ticket list's mark of a ticket with a draft: the agent left something unsent there (drafts.ts). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useUser } from '../../app/api.js';
import { useHasDraft } from './drafts.js';

const Mark = styled.span`
  flex: 0 0 auto;
  font-size: 11.5px;
  font-weight: 700;
  color: ${({ theme }) => theme.success};
`;

export function DraftMark({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const hasDraft = useHasDraft(user.id, ticketId);
  return hasDraft ? (
    <Mark data-draft title={t('web.inbox.draft.hint')}>
      ✎ {t('web.inbox.draft.mark')}
    </Mark>
  ) : null;
}
