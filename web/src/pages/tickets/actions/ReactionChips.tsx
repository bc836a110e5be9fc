/** The reactions under a bubble, one chip per emoji with how many and who (live with the message). */
import styled from 'styled-components';
import { reactionChips, type MessageReaction } from '@atende/shared';

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 4px 0 -12px;
  span {
    padding: 1px 6px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 12px;
    background: ${({ theme }) => theme.paper};
    font-size: 13px;
    line-height: 20px;
  }
  span[data-mine='true'] {
    border-color: ${({ theme }) => theme.accent};
  }
`;

export default function ReactionChips({ reactions, you }: { reactions: MessageReaction[]; you: string }) {
  if (reactions.length === 0) return null;
  return (
    <Chips data-reactions>
      {reactionChips(reactions).map((chip) => (
        <span key={chip.emoji} data-reaction={chip.emoji} data-mine={chip.mine} title={chip.names.map((name) => name || you).join(', ')}>
          {chip.emoji}
          {chip.count > 1 ? ` ${chip.count}` : ''}
        </span>
      ))}
    </Chips>
  );
}
