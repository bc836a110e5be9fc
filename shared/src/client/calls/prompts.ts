/** AI prompts (document 3, /prompt; plan useOpenAi, admins). */
import type { Prompt, PromptData, PromptsAnswer } from '../../domain/prompts.js';
import type { Http } from '../http.js';

export function promptCalls(http: Http) {
  const one = (id: string) => `/prompt/${encodeURIComponent(id)}`;
  return {
    list: () => http.request<PromptsAnswer>('GET', '/prompt'),
    get: (id: string) => http.request<Prompt>('GET', one(id)),
    create: (data: PromptData) => http.request<Prompt>('POST', '/prompt', { body: data }),
    /** An apiKey equal to the masked one answered by the API keeps the stored key. */
    update: (id: string, data: Partial<PromptData>) => http.request<Prompt>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<{ message: string }>('DELETE', one(id)),
  };
}

export type PromptCalls = ReturnType<typeof promptCalls>;
