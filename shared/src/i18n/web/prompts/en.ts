/** English texts of the prompt pickers and the AI line of the conversation; same keys as ./pt.ts. */
import type { PromptsTranslation } from './pt.js';

export const promptsEn: PromptsTranslation = {
  picker: 'AI prompt',
  ticket: {
    answering: 'The AI assistant answers this ticket until an agent accepts it.',
    handedOver: 'The customer asked for an agent: the AI assistant stopped answering.',
    wantsAgent: 'Wants an agent',
    error: 'The AI assistant could not answer ({{reason}}). The message waits for an agent.',
    errors: {
      auth: 'the API key was refused',
      rateLimit: "the endpoint's usage limit was reached",
      server: 'the endpoint failed',
      timeout: 'the endpoint did not answer in time',
      unreachable: 'the endpoint cannot be reached',
      refused: 'the endpoint refused the request',
      keyUnreadable: 'the stored key cannot be read: save it again',
      emptyAnswer: 'the model answered nothing',
      addressRefused: "the endpoint's address leads to a private network, which the server does not call",
    },
  },
};
