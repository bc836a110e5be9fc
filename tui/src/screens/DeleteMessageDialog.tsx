/** Deleting one's own message for everyone (issue 23): asked once, Enter confirms, Esc keeps it. */
import { Text } from 'ink';
import { useTexts } from '../app/i18n.js';
import { useKeys } from '../ui/keys.js';
import { Dialog } from './Dialog.js';

export interface DeleteMessageDialogProps {
  /** One line saying what the message is. */
  preview: string;
  width: number;
  height: number;
  onConfirm(): void;
  onCancel(): void;
}

export function DeleteMessageDialog({ preview, width, height, onConfirm, onCancel }: DeleteMessageDialogProps) {
  const { t } = useTexts();
  useKeys((_input, key) => {
    if (key.return) onConfirm();
    else if (key.escape) onCancel();
  });
  return (
    <Dialog title={t('tui.messageActions.deleteTitle', { text: preview })} hint={t('tui.messageActions.deleteHint')} width={width} height={height}>
      <Text color="yellow">{t('tui.messageActions.deleteQuestion')}</Text>
    </Dialog>
  );
}
