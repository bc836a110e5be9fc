/**
 * A message that did not go out, on its bubble: "Not sent", why, and what the agent can do about
 * it, Retry and Edit (the text back in the composer). Both for sends the browser saw fail (the
 * outbox) and for sends the server gave up on (sendFailed).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../ui/controls.js';

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  margin-top: 4px;
  color: ${({ theme }) => theme.error};
  font-size: 12px;
  button {
    min-height: 26px;
    padding: 2px 8px;
    font-size: 12px;
  }
`;

interface FailedLineProps {
  /** The reason, as the catalogue says it. */
  reason?: string | null;
  onRetry?(): void;
  onEdit?(): void;
}

export function FailedLine({ reason, onRetry, onEdit }: FailedLineProps) {
  const { t } = useTranslation();
  return (
    <Line role="alert" data-send-failed>
      <span>
        ⚠ {t('web.inbox.sendFailed.failed')}
        {reason ? <span data-send-error>: {reason}</span> : null}
      </span>
      {onRetry ? (
        <Button $variant="outlined" onClick={onRetry} data-retry>
          {t('web.inbox.sendFailed.retry')}
        </Button>
      ) : null}
      {onEdit ? (
        <Button $variant="text" onClick={onEdit} data-take-back>
          {t('web.inbox.sendFailed.edit')}
        </Button>
      ) : null}
    </Line>
  );
}
