/** Spanish texts of what agents do to a message (issue 23). */
import type { MessageActionsTranslation } from './pt.js';

export const messageActionsEs: MessageActionsTranslation = {
  reply: 'Responder',
  react: 'Reaccionar',
  moreReactions: 'Más emojis',
  edit: 'Editar',
  select: 'Seleccionar',
  forward: 'Reenviar',
  forwarded: 'Reenviado',
  replyingTo: 'Respondiendo a {{name}}',
  cancelReply: 'Cancelar respuesta',
  sign: 'Firmar con mi nombre',
  history: 'Versiones anteriores',
  editTitle: 'Editar mensaje',
  selected: '{{count}} seleccionado(s)',
  forwardTitle: 'Reenviar {{count}} mensaje(s)',
  forwardedTo: 'Reenviado(s) a {{name}}',
  originalMissing: 'El mensaje original ya no está en la conversación',
  keys: { title: 'En un mensaje enfocado', move: 'Mensaje anterior / siguiente' },
};
