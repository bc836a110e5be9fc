/**
 * The composer's emoji picker (emoji-picker-react), loaded on first use with the emoji names of
 * the interface language, drawn with the console's own colour emoji font and theme.
 */
import EmojiPicker, { EmojiStyle, Theme } from 'emoji-picker-react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../app/ThemeMode.js';
import { pickLanguage } from '../../app/i18n.js';

const DATASETS = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  en: () => import('emoji-picker-react/data/emojis-en'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};

export default function EmojiPanel({ onPick }: { onPick(emoji: string): void }) {
  const { t, i18n } = useTranslation();
  const { mode } = useThemeMode();
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiData={DATASETS[pickLanguage(i18n.language)]}
      emojiStyle={EmojiStyle.NATIVE}
      theme={mode === 'dark' ? Theme.DARK : Theme.LIGHT}
      width={320}
      height={360}
      lazyLoadEmojis
      autoFocusSearch
      previewConfig={{ showPreview: false }}
      labels={{ searchPlaceholder: t('web.inbox.composer.emojiSearch'), searchLabel: t('web.inbox.composer.emojiSearch') }}
    />
  );
}
