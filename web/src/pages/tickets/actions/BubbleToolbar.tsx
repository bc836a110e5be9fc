/**
 * What an agent can do to a message, on its bubble (shown on hover and while the bubble has the
 * focus): reply, react, edit (one's own text within 15 minutes), delete (one's own), select for
 * forwarding. The keys of a focused message press these same buttons (useMessageKeys). Loaded
 * after the conversation first shows (it is only needed on hover, focus or a key).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Message } from '@atende/shared';
import { IconButton } from '../../../ui/controls.js';
import { Popover } from '../../../ui/Popover.js';
import { ReactionBar } from './ReactionBar.js';

import type { BubbleActions } from './bubbleActions.js';

// Beside the bubble, on the side towards the middle; on a phone, over its top edge.
const Bar = styled.div<{ $fromMe: boolean }>`
  position: absolute;
  top: 2px;
  ${({ $fromMe }) => ($fromMe ? 'right: calc(100% + 6px);' : 'left: calc(100% + 6px);')}
  @media (max-width: 599px) {
    top: -16px;
    ${({ $fromMe }) => ($fromMe ? 'right: 8px;' : 'left: 8px;')}
  }
  z-index: 2;
  display: flex;
  gap: 2px;
  padding: 1px 3px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 16px;
  background: ${({ theme }) => theme.paper};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15);
  button {
    width: 28px;
    height: 28px;
    min-height: 28px;
  }
  button[aria-pressed='true'] {
    color: ${({ theme }) => theme.accent};
  }
`;

interface ToolbarProps {
  message: Message;
  actions: BubbleActions;
  canReply: boolean;
  canEdit: boolean;
  canDelete: boolean;
  selected: boolean;
}

export default function BubbleToolbar({ message, actions, canReply, canEdit, canDelete, selected }: ToolbarProps) {
  const { t } = useTranslation();
  if (message.isDeleted) return null;
  return (
    // Its clicks are not a pick of the bubble (a click on a bubble picks it while forwarding).
    <Bar className="message-actions" $fromMe={message.fromMe} role="toolbar" aria-label={t('web.common.actions')} onClick={(event) => event.stopPropagation()}>
      {canReply ? (
        <>
          <IconButton icon="reply" label={t('web.messageActions.reply')} onClick={() => actions.reply(message)} data-action="reply" />
          <Popover
            align={message.fromMe ? 'right' : 'left'}
            label={t('web.messageActions.react')}
            trigger={(toggle) => <IconButton icon="smile" label={t('web.messageActions.react')} onClick={toggle} data-action="react" />}
          >
            {(close) => (
              <ReactionBar
                message={message}
                onReact={(emoji) => {
                  close();
                  actions.react(message, emoji);
                }}
              />
            )}
          </Popover>
        </>
      ) : null}
      {canEdit ? <IconButton icon="edit" label={t('web.messageActions.edit')} onClick={() => actions.edit(message)} data-action="edit" /> : null}
      {canDelete ? <IconButton icon="trash" label={t('web.inbox.messages.delete')} onClick={() => actions.remove(message)} data-action="delete" /> : null}
      <IconButton icon="forward" label={t('web.messageActions.select')} aria-pressed={selected} onClick={() => actions.toggleSelect(message)} data-action="select" />
    </Bar>
  );
}
