/** Portuguese texts of what agents do to a message (issue 23); the reference shape of en and es. */
export const messageActionsPt = {
  reply: 'Responder',
  react: 'Reagir',
  moreReactions: 'Mais emojis',
  edit: 'Editar',
  select: 'Selecionar',
  forward: 'Encaminhar',
  forwarded: 'Encaminhada',
  replyingTo: 'Respondendo a {{name}}',
  cancelReply: 'Cancelar resposta',
  sign: 'Assinar com meu nome',
  history: 'Versões anteriores',
  editTitle: 'Editar mensagem',
  selected_one: '{{count}} selecionada',
  selected_other: '{{count}} selecionadas',
  forwardTitle_one: 'Encaminhar {{count}} mensagem',
  forwardTitle_other: 'Encaminhar {{count}} mensagens',
  forwardedTo_one: 'Encaminhada para {{name}}',
  forwardedTo_other: 'Encaminhadas para {{name}}',
  openForwarded: 'Abrir conversa',
  originalMissing: 'A mensagem original não está mais na conversa',
  keys: { title: 'Numa mensagem em foco', move: 'Mensagem anterior / seguinte' },
};

export type MessageActionsTranslation = typeof messageActionsPt;
