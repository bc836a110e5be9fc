/**
 * Dialogflow credentials: the service-account JSON a company pastes (client_email, private_key),
 * checked when saved, sealed in the database and shown masked: `•••• <client_email> ••••<last 4>`.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors.js';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  project_id?: string;
  private_key_id?: string;
}

const invalid = (why: string) => new AppError('ERR_VALIDATION', { field: 'jsonContent', rule: 'credentials' }, `jsonContent: ${why}`);

/** The service account in `json`, or ERR_VALIDATION (jsonContent) saying what is wrong with it. */
export function parseServiceAccount(json: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid('not JSON: paste the service account key file as it was downloaded');
  }
  const account = parsed as Partial<Record<keyof ServiceAccount, unknown>> | null;
  if (!account || typeof account !== 'object' || Array.isArray(account)) throw invalid('not a JSON object');
  if (typeof account.client_email !== 'string' || !account.client_email.includes('@')) throw invalid('client_email is missing');
  if (typeof account.private_key !== 'string' || !account.private_key.includes('PRIVATE KEY')) throw invalid('private_key is missing');
  return {
    client_email: account.client_email,
    private_key: account.private_key,
    ...(typeof account.project_id === 'string' ? { project_id: account.project_id } : {}),
    ...(typeof account.private_key_id === 'string' ? { private_key_id: account.private_key_id } : {}),
  };
}

/** What the API shows instead of the credentials: the account and the end of its key's id. */
export function credentialsMask(account: ServiceAccount): string {
  const keyId = account.private_key_id || createHash('sha256').update(account.private_key).digest('hex');
  return `•••• ${account.client_email} ••••${keyId.slice(-4)}`;
}
