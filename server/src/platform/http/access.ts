/**
 * Declarative route access: `options.plugins.access = { profiles, super, planFlag }`.
 * Checked after authentication, before validation and the handler, so every route states who
 * may call it in one place and the plan flags are enforced on the server.
 */
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { PlanFlag, Profile } from '@atende/shared';
import { AppError } from '../errors.js';
import type { AuthCredentials } from '../auth/credentials.js';
import { actor } from './routes.js';

export interface Access {
  /** Profiles allowed (super users always pass). */
  profiles?: Profile[];
  /** Only super users. */
  super?: boolean;
  /** The company's plan must have this flag (super users always pass). */
  planFlag?: PlanFlag;
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    access?: Access;
  }
}

export type PlanFlagsResolver = (companyId: string) => Promise<Partial<Record<PlanFlag, boolean>>>;

/**
 * Why `access` refuses the caller in `companyId` (its plan's flags), or null: the one rule routes
 * and realtime channels apply alike.
 */
export async function accessRefusal(access: Access, credentials: Pick<AuthCredentials, 'super' | 'profile'>, companyId: string, planFlagsOf: PlanFlagsResolver): Promise<AppError | null> {
  if (credentials.super) return null;
  if (access.super) return new AppError('ERR_NO_PERMISSION');
  if (access.profiles && !access.profiles.includes(credentials.profile)) return new AppError('ERR_NO_PERMISSION');
  if (access.planFlag && !(await planFlagsOf(companyId))[access.planFlag]) return new AppError('ERR_PLAN_FEATURE_DISABLED', { planFlag: access.planFlag });
  return null;
}

export function registerAccess(server: Server, planFlagsOf: PlanFlagsResolver): void {
  server.ext('onPostAuth', async (request: Request, h: ResponseToolkit) => {
    const access = request.route.settings.plugins?.access;
    if (!access || !request.auth.isAuthenticated) return h.continue;
    const credentials = actor(request);
    const refusal = await accessRefusal(access, credentials, credentials.companyId, planFlagsOf);
    if (refusal) throw refusal;
    return h.continue;
  });
}
