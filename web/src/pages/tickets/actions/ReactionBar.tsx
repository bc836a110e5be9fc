/**
 * The reaction bar of a bubble: WhatsApp's common emoji, and any other from the emoji picker
 * (loaded on first use). Choosing the company's current reaction again takes it back.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ownReaction, QUICK_REACTIONS, type Message } from '@atende/shared';
import { IconButton } from '../../../ui/controls.js';

const EmojiPanel = lazy(() => import('../EmojiPanel.js'));

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  padding: 0 6px;
  button[data-emoji] {
    width: 34px;
    height: 34px;
    border: none;
    border-radius: 50%;
    background: transparent;
    font-size: 20px;
    cursor: pointer;
  }
  button[data-emoji]:hover,
  button[data-emoji]:focus-visible,
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.hover};
  }
`;

export function ReactionBar({ message, onReact }: { message: Message; onReact(emoji: string): void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const current = ownReaction(message)?.emoji ?? '';
  const choose = (emoji: string) => onReact(emoji === current ? '' : emoji);
  if (picking) {
    return (
      <Suspense fallback={null}>
        <EmojiPanel onPick={choose} />
      </Suspense>
    );
  }
  return (
    <Row data-reaction-bar>
      {QUICK_REACTIONS.map((emoji) => (
        <button key={emoji} type="button" data-emoji={emoji} aria-pressed={emoji === current} aria-label={emoji} onClick={() => choose(emoji)}>
          {emoji}
        </button>
      ))}
      <IconButton icon="plus" label={t('web.messageActions.moreReactions')} onClick={() => setPicking(true)} data-more-reactions />
    </Row>
  );
}
