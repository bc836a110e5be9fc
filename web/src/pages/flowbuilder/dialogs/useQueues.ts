/** The company's queues, for the ticket and OpenAI blocks. */
import { useEffect, useState } from 'react';
import type { Queue } from '@atende/shared';
import { useApi } from '../../../app/api.js';
import { useEditorErrorToast } from '../editorToast.js';

export function useQueues(): Queue[] {
  const { api } = useApi();
  const failed = useEditorErrorToast();
  const [queues, setQueues] = useState<Queue[]>([]);
  useEffect(() => {
    let live = true;
    api.queues.list().then((list) => live && setQueues(list), failed);
    return () => {
      live = false;
    };
  }, [api, failed]);
  return queues;
}
