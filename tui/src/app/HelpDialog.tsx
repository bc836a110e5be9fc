/** Every key of the inbox, by the part that takes it (?). Any key closes it. */
import { Box, Text } from 'ink';
import { Dialog } from '../screens/Dialog.js';
import { useTexts } from './i18n.js';
import { KEY_SECTIONS, type KeyHelp, type KeySection } from './keymap.js';
import { useKeys } from '../ui/keys.js';

const KEY_COLUMN = 17;
const SECTIONS = Object.keys(KEY_SECTIONS) as KeySection[];

export function HelpDialog({ width, height, onClose }: { width: number; height: number; onClose(): void }) {
  const { t } = useTexts();
  useKeys(() => onClose());
  return (
    <Dialog title={t('tui.help.title')} hint={t('tui.help.close')} width={width} height={height}>
      <Box flexDirection="row" flexWrap="wrap" columnGap={2}>
        {SECTIONS.map((section) => (
          <Box key={section} flexDirection="column" marginBottom={1}>
            <Text bold underline>
              {t(`tui.help.${section}`)}
            </Text>
            {KEY_SECTIONS[section].map((key: KeyHelp) => (
              <Text key={key.keys} wrap="truncate">
                <Text color="cyan">{key.keys.padEnd(KEY_COLUMN)}</Text>
                {t(`tui.keys.${key.action}`)}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Dialog>
  );
}
