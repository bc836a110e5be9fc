/** English texts of the queue integrations outside their page; same keys as ./pt.ts. */
import type { QueueIntegrationsTranslation } from './pt.js';

export const queueIntegrationsEn: QueueIntegrationsTranslation = {
  types: {
    dialogflow: 'Dialogflow',
    n8n: 'N8N',
    webhook: 'Webhook',
    typebot: 'Typebot',
    flowbuilder: 'Conversation flow',
  },
  run: {
    answering: '{{name}} ({{type}}) is answering this customer.',
    handedOver: '{{name}} handed this customer over to the agents ({{detail}}).',
    failed: '{{name}} failed: {{detail}}. The message waits for an agent.',
  },
  picker: 'Integration',
  pickerNone: 'None',
};
