/** Spanish texts of the queue integrations outside their page; same keys as ./pt.ts. */
import type { QueueIntegrationsTranslation } from './pt.js';

export const queueIntegrationsEs: QueueIntegrationsTranslation = {
  types: {
    dialogflow: 'Dialogflow',
    n8n: 'N8N',
    webhook: 'Webhook',
    typebot: 'Typebot',
    flowbuilder: 'Flujo de conversación',
  },
  run: {
    answering: '{{name}} ({{type}}) está atendiendo a este cliente.',
    handedOver: '{{name}} pasó este cliente a los agentes ({{detail}}).',
    failed: '{{name}} falló: {{detail}}. El mensaje espera a un agente.',
  },
  picker: 'Integración',
  pickerNone: 'Ninguna',
};
