/** The composer's quick answers (the active ones the agent sees: own, shared, viewable), reloaded after a reconnection. */
import type { QuickMessage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { useEffect, useState } from 'react';

export function useQuickMessages(api: ApiClient, generation: number, onError: (error: unknown) => void): QuickMessage[] {
  const [quickMessages, setQuickMessages] = useState<QuickMessage[]>([]);
  useEffect(() => {
    api.quickMessages.list().then(setQuickMessages, onError);
  }, [api, generation, onError]);
  return quickMessages;
}
