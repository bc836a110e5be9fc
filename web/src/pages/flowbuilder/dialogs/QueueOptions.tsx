/** The company's queues as the options of a select, after the empty choice (ticket and OpenAI blocks). */
import type { Queue } from '@atende/shared';

export function QueueOptions({ queues, empty }: { queues: Pick<Queue, 'id' | 'name'>[]; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {queues.map((queue) => (
        <option key={queue.id} value={queue.id}>
          {queue.name}
        </option>
      ))}
    </>
  );
}
