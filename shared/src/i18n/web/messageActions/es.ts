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
  selected_one: '{{count}} seleccionado',
  selected_other: '{{count}} seleccionados',
  forwardTitle_one: 'Reenviar {{count}} mensaje',
  forwardTitle_other: 'Reenviar {{count}} mensajes',
  forwardedTo_one: 'Reenviado a {{name}}',
  forwardedTo_other: 'Reenviados a {{name}}',
  openForwarded: 'Abrir chat',
  originalMissing: 'El mensaje original ya no está en la conversación',
  keys: { title: 'En un mensaje enfocado', move: 'Mensaje anterior / siguiente' },
};
