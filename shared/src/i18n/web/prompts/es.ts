/** Spanish texts of the prompt pickers and the AI line of the conversation; same keys as ./pt.ts. */
import type { PromptsTranslation } from './pt.js';

export const promptsEs: PromptsTranslation = {
  picker: 'Prompt de IA',
  ticket: {
    answering: 'El asistente de IA responde este ticket hasta que un agente lo acepte.',
    handedOver: 'El cliente pidió un agente: el asistente de IA dejó de responder.',
    wantsAgent: 'Quiere un agente',
    error: 'El asistente de IA no pudo responder ({{reason}}). El mensaje espera a un agente.',
    errors: {
      auth: 'la clave de la API fue rechazada',
      rateLimit: 'se alcanzó el límite de uso del endpoint',
      server: 'el endpoint falló',
      timeout: 'el endpoint no respondió a tiempo',
      unreachable: 'no se puede acceder al endpoint',
      refused: 'el endpoint rechazó la solicitud',
      keyUnreadable: 'la clave guardada no se puede leer: guárdela de nuevo',
      emptyAnswer: 'el modelo no respondió nada',
      addressRefused: 'la dirección del endpoint lleva a una red privada, a la que el servidor no llama',
    },
  },
};
