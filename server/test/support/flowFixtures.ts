/** Flow graphs for the flows, phrase campaign and sweep tests. */

const position = { x: 0, y: 0 };

export const START = { id: '1', type: 'start', position, data: { label: 'Inicio do fluxo' } };

export function node(id: string, type: string, data: Record<string, unknown>) {
  return { id, type, position, data };
}

export function edge(source: string, target: string, sourceHandle = 'a') {
  return { id: `e-${source}-${sourceHandle}-${target}`, source, target, sourceHandle, targetHandle: null };
}

/**
 * start -> message -> menu; option 1 -> ticket (the queue given), option 2 left unconnected: a
 * graph that saves with one problem (exitUnconnected on menu1 'a2').
 */
export function validGraph(queueId: string) {
  return {
    nodes: [
      START,
      node('m1', 'message', { label: 'Olá! Bem-vindo.' }),
      node('menu1', 'menu', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Comprar' }, { number: 2, value: 'Falar com alguém' }] }),
      node('ticket1', 'ticket', { queueId, name: 'Vendas' }),
    ],
    connections: [edge('1', 'm1'), edge('m1', 'menu1'), edge('menu1', 'ticket1', 'a1')],
  };
}
