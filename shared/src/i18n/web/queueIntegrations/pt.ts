/**
 * Portuguese texts of the queue integrations that the console shows outside their page (the type
 * names, the conversation's line, the pickers); the page's own are in ./page. The reference shape
 * of en and es.
 */
export const queueIntegrationsPt = {
  types: {
    dialogflow: 'Dialogflow',
    n8n: 'N8N',
    webhook: 'Webhook',
    typebot: 'Typebot',
    flowbuilder: 'Fluxo de conversa',
  },
  run: {
    answering: '{{name}} ({{type}}) está atendendo este cliente.',
    handedOver: '{{name}} passou este cliente para os atendentes ({{detail}}).',
    failed: '{{name}} falhou: {{detail}}. A mensagem espera um atendente.',
  },
  picker: 'Integração',
  pickerNone: 'Nenhuma',
};

export type QueueIntegrationsTranslation = typeof queueIntegrationsPt;
