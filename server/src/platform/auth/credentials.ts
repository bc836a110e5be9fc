import type { Profile, SessionClient } from '@atende/shared';

/** What an authenticated request knows about its user (hapi's request.auth.credentials). */
export interface AuthCredentials {
  userId: string;
  companyId: string;
  profile: Profile;
  super: boolean;
  sessionId: string;
  /** The session's kind (console when absent): sign-ins elsewhere are announced within a kind. */
  client?: SessionClient;
}
