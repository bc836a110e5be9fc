/**
 * Portuguese texts of the prompts page (/prompts), loaded with the page (web/src/app/lazyTexts.ts)
 * rather than with the console; the reference shape of en and es.
 */
export const promptsPagePt = {
  add: 'Adicionar prompt',
  addTitle: 'Adicionar prompt',
  editTitle: 'Editar prompt',
  form: 'Dados do prompt',
  name: 'Nome',
  queue: 'Fila',
  noQueue: 'Sem fila',
  maxTokens: 'Máximo de tokens na resposta',
  prompt: 'Prompt',
  promptHint: 'As instruções do assistente (mínimo de 50 caracteres); {{name}} é o nome do cliente.',
  model: 'Modelo',
  apiKey: 'Chave da API',
  temperature: 'Temperatura',
  maxMessages: 'Máximo de mensagens no histórico',
  queueRequired: 'Você precisa selecionar um setor (fila).',
  baseURL: 'Endpoint compatível com OpenAI',
  baseURLHint: 'Vazio: o endpoint padrão da empresa.',
  humanPhrase: 'Frases para falar com um atendente',
  humanPhraseHint: 'Separadas por vírgula: a mensagem do cliente que contiver uma delas passa o ticket aos atendentes. Vazio: {{defaults}}.',
  saved: 'Prompt salvo com sucesso.',
  deleted: 'Prompt excluído com sucesso.',
  deleteTitle: 'Excluir {{name}}?',
  deleteMessage: 'As filas e conexões que o usam passam a responder sem assistente. Esta ação não pode ser desfeita.',
  unauthorized: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
  endpoint: {
    title: 'Endpoint padrão',
    hint: 'Os prompts sem endpoint próprio chamam este endereço compatível com OpenAI (ex.: um modelo local). Vazio: o padrão do servidor.',
    label: 'Endereço',
    save: 'Salvar endpoint',
    saved: 'Endpoint padrão salvo.',
  },
};

export type PromptsPageTranslation = typeof promptsPagePt;
