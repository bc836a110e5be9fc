/** Small helpers shared by every domain's routes. */
import type { Request } from '@hapi/hapi';
import type { AuthCredentials } from '../auth/credentials.js';

export function actor(request: Request): AuthCredentials {
  // Our bearer scheme puts AuthCredentials there (hapi types it as a generic record).
  return request.auth.credentials as unknown as AuthCredentials;
}

export function params<T>(request: Request): T {
  return request.params as T;
}

export function query<T>(request: Request): T {
  return request.query as T;
}

export function payload<T>(request: Request): T {
  return request.payload as T;
}
