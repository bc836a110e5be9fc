/**
 * Who wrote a message we sent, over its bubble: the agent's name, or what sent it (automatic, API,
 * flow, AI, chatbot, integration, campaign, schedule, the phone itself) marked as not a person, so
 * a chatbot's menu never passes for an agent's reply.
 */
import { useTranslation } from 'react-i18next';
import { messageAuthor, type Message } from '@atende/shared';

const MARKS: Record<string, string> = { phone: '📱', api: '⚙', campaign: '📣', schedule: '🕑' };

export function MessageAuthor({ message }: { message: Message }) {
  const { t } = useTranslation();
  const author = messageAuthor(message);
  if (!author) return null;
  if ('agent' in author) {
    return (
      <span className="author" data-author>
        {author.agent}
      </span>
    );
  }
  return (
    <span className="author automatic" data-origin={author.origin}>
      {MARKS[author.origin] ?? '🤖'} {t(`web.inbox.author.${author.origin}`)}
    </span>
  );
}
