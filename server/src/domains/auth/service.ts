import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_WARNING_DAYS, type AuthAnswer, type User } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { checkPassword } from '../../platform/auth/passwords.js';
import { createAttemptLimiter } from '../../platform/auth/rateLimit.js';
import { signAccessToken, signRefreshToken, verifyRefreshToken, type TokenSettings } from '../../platform/auth/tokens.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { daysUntil } from '../companies/dates.js';
import { CompanyModel, type CompanyDoc } from '../companies/model.js';
import { toPlan } from '../plans/dto.js';
import { PlanModel, type PlanDoc } from '../plans/model.js';
import { companySettings } from '../settings/service.js';
import { toUser } from '../users/dto.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { SessionModel, type SessionDoc } from './sessionModel.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface Issued extends AuthAnswer {
  refreshToken: string;
}

async function userWithCompany(user: UserDoc): Promise<{ user: User; company: CompanyDoc }> {
  const company = await CompanyModel.findById(user.companyId).lean<CompanyDoc>();
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const [plan, settings] = await Promise.all([
    PlanModel.findById(company.planId).lean<PlanDoc>(),
    companySettings(String(company._id)),
  ]);
  const summary = {
    id: String(company._id),
    name: company.name,
    dueDate: company.dueDate.toISOString(),
    settings,
    ...(plan ? { plan: toPlan(plan) } : {}),
  };
  return { user: toUser(user, summary), company };
}

/** Login and refresh both refuse inactive or expired companies. */
function refuseClosedCompany(company: CompanyDoc): void {
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE');
  if (company.dueDate.getTime() <= Date.now()) {
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { dueDate: company.dueDate.toISOString() });
  }
}

function credentialsOf(user: UserDoc, sessionId: string): AuthCredentials {
  return { userId: String(user._id), companyId: String(user.companyId), profile: user.profile, super: user.super, sessionId };
}

/** The access token's session still exists (see the bearer scheme). */
export async function sessionAlive(credentials: AuthCredentials): Promise<boolean> {
  return Boolean(await SessionModel.exists({ companyId: credentials.companyId, sessionId: credentials.sessionId }));
}

/** Ends every session of a company (closed, expired or removed): its tokens stop working now. */
export async function endCompanySessions(companyId: string): Promise<void> {
  await SessionModel.deleteMany({ companyId });
}

export function createAuthService(config: Config, realtime: RealtimePublisher) {
  const tokens: TokenSettings = config;
  const limiter = createAttemptLimiter(config.loginWindowSeconds);

  async function issue(user: UserDoc, company: CompanyDoc, answerUser: User, sessionId: string): Promise<Issued> {
    const refresh = signRefreshToken(tokens, String(user._id), String(user.companyId), sessionId);
    await SessionModel.updateOne(
      { companyId: user.companyId, sessionId },
      { $set: { currentJti: refresh.jti, expiresAt: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000) } },
    );
    const remaining = daysUntil(company.dueDate);
    return {
      token: signAccessToken(tokens, credentialsOf(user, sessionId)),
      user: answerUser,
      ...(remaining < SUBSCRIPTION_WARNING_DAYS ? { dueWarningDays: remaining } : {}),
      refreshToken: refresh.token,
    };
  }

  return {
    async login(email: string, password: string, client: ClientInfo): Promise<Issued> {
      const accountKey = `account:${email}`;
      const ipKey = `ip:${client.ip}`;
      const wait = Math.max(
        limiter.retryAfter(accountKey, config.loginMaxAttemptsPerAccount),
        limiter.retryAfter(ipKey, config.loginMaxAttemptsPerIp),
      );
      if (wait > 0) throw new AppError('ERR_TOO_MANY_ATTEMPTS', { retryAfter: wait });

      // Login is by e-mail across the platform: the one place a user is read without a company.
      const user = await UserModel.findOne({ email }).setOptions({ crossTenant: true }).lean<UserDoc>();
      // Unknown e-mail and wrong password answer alike, so accounts cannot be discovered.
      if (!user || !(await checkPassword(user.passwordHash, password))) {
        limiter.fail(accountKey);
        limiter.fail(ipKey);
        throw new AppError('ERR_INVALID_CREDENTIALS');
      }
      limiter.reset(accountKey);
      const { user: answerUser, company } = await userWithCompany(user);
      refuseClosedCompany(company);

      // FerretDB has no TTL indexes: expired sessions of the company are swept at each login.
      await SessionModel.deleteMany({ companyId: user.companyId, expiresAt: { $lte: new Date() } });
      const sessionId = randomUUID();
      await SessionModel.create({
        companyId: user.companyId,
        userId: user._id,
        sessionId,
        currentJti: 'pending',
        expiresAt: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
        userAgent: client.userAgent,
        ip: client.ip,
      });
      await UserModel.updateOne({ _id: user._id, companyId: user.companyId }, { $set: { online: true, lastSeenAt: new Date() } });
      const issued = await issue(user, company, { ...answerUser, online: true }, sessionId);
      // Older sessions of the same user hear "account opened elsewhere".
      realtime.publish(String(user.companyId), 'auth', { action: 'update', user: { id: String(user._id) }, sessionId });
      return issued;
    },

    /** Rotates the refresh token; a replayed (already rotated) token ends the session. */
    async refresh(refreshToken: string | undefined): Promise<Issued> {
      const claims = refreshToken ? verifyRefreshToken(tokens, refreshToken) : null;
      if (!claims) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      const session = await SessionModel.findOne({ companyId: claims.cid, sessionId: claims.sid }).lean<SessionDoc>();
      if (!session || session.currentJti !== claims.jti) {
        if (session) await SessionModel.deleteOne({ companyId: claims.cid, sessionId: claims.sid });
        throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      }
      const user = await UserModel.findOne({ _id: claims.sub, companyId: claims.cid }).lean<UserDoc>();
      if (!user) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      const { user: answerUser, company } = await userWithCompany(user);
      refuseClosedCompany(company);
      return issue(user, company, answerUser, session.sessionId);
    },

    async logout(refreshToken: string | undefined, actor: AuthCredentials | null): Promise<void> {
      const claims = refreshToken ? verifyRefreshToken(tokens, refreshToken) : null;
      const target = claims ? { companyId: claims.cid, sessionId: claims.sid } : actor ? { companyId: actor.companyId, sessionId: actor.sessionId } : null;
      if (!target) return;
      const session = await SessionModel.findOneAndDelete(target).lean<SessionDoc>();
      if (!session) return;
      const others = await SessionModel.countDocuments({ companyId: session.companyId, userId: session.userId });
      if (others === 0) await UserModel.updateOne({ _id: session.userId, companyId: session.companyId }, { $set: { online: false } });
    },

    async me(actor: AuthCredentials): Promise<User> {
      const user = await UserModel.findOne({ _id: actor.userId, companyId: actor.companyId }).lean<UserDoc>();
      if (!user) throw new AppError('ERR_NO_USER_FOUND');
      return (await userWithCompany(user)).user;
    },
  };
}
