/** The keys of the part that takes them, on one line. */
import { Text } from 'ink';
import { useTexts } from './i18n.js';
import type { Focus } from './inboxUi.js';
import { FOOTER_KEYS } from './keymap.js';

export function Footer({ focus }: { focus: Focus }) {
  const { t } = useTexts();
  return (
    <Text wrap="truncate">
      {FOOTER_KEYS[focus].map((key, index) => (
        <Text key={key.keys}>
          {index > 0 ? <Text dimColor> · </Text> : null}
          <Text bold color="cyan">
            {key.keys}
          </Text>
          <Text dimColor>{` ${t(`tui.keys.${key.action}`)}`}</Text>
        </Text>
      ))}
    </Text>
  );
}
