/**
 * Quitting with work not sent (issue 30): drafts (kept for the next start) and messages still
 * waiting to go out (lost when the inbox closes) are named, and `y` quits; any other key goes back.
 */
import { Text } from 'ink';
import { useTexts } from '../app/i18n.js';
import { useKeys } from '../ui/keys.js';
import { Dialog } from './Dialog.js';

export interface QuitDialogProps {
  /** Conversations with a draft. */
  drafts: number;
  /** Messages handed to the outbox and not sent yet. */
  unsent: number;
  width: number;
  height: number;
  onQuit(): void;
  onCancel(): void;
}

export function QuitDialog({ drafts, unsent, width, height, onQuit, onCancel }: QuitDialogProps) {
  const { t } = useTexts();
  useKeys((input) => {
    if (input === 'y' || input === 'Y') onQuit();
    else onCancel();
  });
  return (
    <Dialog title={t('tui.quit.title')} hint={t('tui.quit.hint')} width={width} height={height}>
      {drafts > 0 ? <Text wrap="wrap">{t('tui.quit.drafts', { count: drafts })}</Text> : null}
      {unsent > 0 ? (
        <Text color="yellow" wrap="wrap">
          {t('tui.quit.unsent', { count: unsent })}
        </Text>
      ) : null}
    </Dialog>
  );
}
