/** Portuguese texts of the prompt pickers and the AI line of the conversation (first load); the page's own are in ./page. Reference shape of en and es. */
export const promptsPt = {
  picker: 'Prompt de IA',
  ticket: {
    answering: 'O assistente de IA responde este ticket até um atendente aceitá-lo.',
    handedOver: 'O cliente pediu um atendente: o assistente de IA parou de responder.',
    wantsAgent: 'Quer um atendente',
    error: 'O assistente de IA não conseguiu responder ({{reason}}). A mensagem aguarda um atendente.',
    errors: {
      auth: 'a chave da API foi recusada',
      rateLimit: 'limite de uso do endpoint atingido',
      server: 'o endpoint falhou',
      timeout: 'o endpoint não respondeu a tempo',
      unreachable: 'o endpoint está inacessível',
      refused: 'o endpoint recusou o pedido',
      keyUnreadable: 'a chave guardada não pode ser lida: salve-a novamente',
      emptyAnswer: 'o modelo respondeu vazio',
      addressRefused: 'o endereço do endpoint leva a uma rede privada, que o servidor não chama',
    },
  },
};

export type PromptsTranslation = typeof promptsPt;
