/**
 * One lane per chat: the sends of a chat run one after another in the order they were queued, so
 * a send's retries hold the later ones back and the customer reads the replies in the order they
 * were written. Sends of different chats run side by side. Pauses between retries end at once when
 * the lanes stop (what is unsent then is resumed by the next start, see outbound.ts).
 */
import { keyedSerial } from '../platform/database/serial.js';

export interface SendLanes {
  /** Queues a send at the end of its chat's lane. */
  queue(chat: string, send: () => Promise<void>): void;
  /** Waits before a retry; false (at once) when the lanes stop meanwhile. */
  pause(ms: number): Promise<boolean>;
  stopped(): boolean;
  /** Ends the pauses and waits for the sends under way. */
  stop(): Promise<void>;
}

export function createSendLanes(onError: (err: unknown) => void): SendLanes {
  const lanes = keyedSerial();
  const pauses = new Set<() => void>();
  let stopped = false;
  return {
    queue(chat, send) {
      void lanes.run(chat, () => (stopped ? Promise.resolve() : send())).catch(onError);
    },
    pause(ms) {
      if (stopped) return Promise.resolve(false);
      return new Promise((done) => {
        const end = (resumed: boolean) => {
          clearTimeout(timer);
          pauses.delete(wake);
          done(resumed);
        };
        const wake = () => end(false);
        const timer = setTimeout(() => end(true), ms);
        pauses.add(wake);
      });
    },
    stopped: () => stopped,
    async stop() {
      stopped = true;
      for (const wake of [...pauses]) wake();
      await lanes.all();
    },
  };
}
