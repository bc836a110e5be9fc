/** Tickets and messages as the server sends them, for the unit tests of the pure parts. */
import type { Message, Ticket, User } from '@atende/shared';

export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 't1',
    uuid: 'u-t1',
    status: 'open',
    contactId: 'c1',
    contact: { id: 'c1', name: 'Maria Cliente', number: '5511999990001', email: '', profilePicUrl: '', isGroup: false },
    userId: 'agent',
    user: { id: 'agent', name: 'Ana' },
    queueId: 'q1',
    queue: { id: 'q1', name: 'Suporte', color: '#1d4ed8' },
    whatsappId: 'w1',
    whatsapp: { id: 'w1', name: 'Sandbox' },
    isGroup: false,
    chatbot: false,
    lastMessage: 'Olá',
    lastCustomerMessage: 'Olá',
    waitingSince: null,
    unreadMessages: 0,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    flowRun: null,
    flowEnd: null,
    integrationRun: null,
    handedOver: false,
    aiError: null,
    tags: [],
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    ticketId: 't1',
    contactId: 'c1',
    contact: { id: 'c1', name: 'Maria Cliente' },
    body: 'Olá',
    fromMe: false,
    read: false,
    ack: 0,
    mediaType: 'chat',
    mediaUrl: null,
    mediaError: null,
    mediaName: null,
    mediaSize: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    editHistory: [],
    reactions: [],
    forwarded: false,
    signed: false,
    sendError: null,
    sendFailed: false,
    origin: null,
    userId: null,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'agent',
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'user',
    super: false,
    companyId: 'co1',
    queueIds: ['q1'],
    whatsappId: null,
    allTicket: 'desabled',
    language: null,
    online: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
