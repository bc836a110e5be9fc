/** Portuguese texts of the file lists page (/files); the reference shape of en and es. */
export const filesPt = {
  add: 'Adicionar',
  addTitle: 'Adicionar lista de arquivos',
  editTitle: 'Editar lista de arquivos',
  form: 'Dados da lista de arquivos',
  name: 'Nome',
  message: 'Mensagem',
  options: 'Arquivos',
  optionName: 'Nome do arquivo {{number}}',
  optionFile: 'Arquivo {{number}}',
  addOption: 'Adicionar arquivo',
  removeOption: 'Remover arquivo {{number}}',
  noFile: 'Nenhum arquivo escolhido',
  optionNameRequired: 'Dê um nome a cada arquivo.',
  optionFileRequired: 'Escolha um arquivo para cada item.',
  tooBig: 'Arquivo é muito grande! {{limit}}MB máximo',
  uploading: 'Enviando os arquivos...',
  fileCount_one: '{{count}} arquivo',
  fileCount_other: '{{count}} arquivos',
  saved: 'Lista de arquivos salva com sucesso!',
  deleted: 'Lista de arquivos excluída com sucesso!',
  deleteTitle: 'Excluir {{name}}?',
  deleteMessage: 'A lista e todos os seus arquivos serão excluídos. Esta ação não pode ser desfeita.',
};

export type FilesTranslation = typeof filesPt;
