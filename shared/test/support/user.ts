/** A user as the server sends it, for the fake servers of these tests. */
import type { User } from '../../src/domain/entities.js';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'admin',
    super: false,
    companyId: 'c1',
    queueIds: [],
    whatsappId: null,
    allTicket: 'desabled',
    language: 'pt',
    online: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
