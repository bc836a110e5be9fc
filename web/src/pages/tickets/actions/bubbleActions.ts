/** The conversation's handlers of what agents do to a message (absent in the read-only peek). */
import type { Message } from '@atende/shared';

export interface BubbleActions {
  reply(message: Message): void;
  react(message: Message, emoji: string): void;
  edit(message: Message): void;
  remove(message: Message): void;
  toggleSelect(message: Message): void;
  /** A send the server gave up on goes again (the same message). */
  retry(message: Message): void;
  /** A send the server gave up on: its text back in the composer, the message withdrawn. */
  takeBack(message: Message): void;
}
