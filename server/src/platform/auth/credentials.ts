import type { Profile } from '@atende/shared';

/** What an authenticated request knows about its user (hapi's request.auth.credentials). */
export interface AuthCredentials {
  userId: string;
  companyId: string;
  profile: Profile;
  super: boolean;
  sessionId: string;
}
