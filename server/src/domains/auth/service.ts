import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_WARNING_DAYS, type AuthAnswer, type SessionClient, type User } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { checkPassword, hashPassword } from '../../platform/auth/passwords.js';
import type { AttemptLimits } from '../../platform/auth/rateLimit.js';
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
import { setOnline } from '../users/presence.js';
import { UserModel, type UserDoc } from '../users/model.js';
import { SessionModel, type SessionDoc } from './sessionModel.js';
import { endSessions, rotateRefresh } from './sessions.js';

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
    billingName: company.billingName ?? null,
    billingAddress: company.billingAddress ?? null,
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

function credentialsOf(user: UserDoc, sessionId: string, client: SessionClient): AuthCredentials {
  return { userId: String(user._id), companyId: String(user.companyId), profile: user.profile, super: user.super, sessionId, client };
}

export function createAuthService(config: Config, realtime: RealtimePublisher, attemptLimits: AttemptLimits) {
  const tokens: TokenSettings = config;
  const limiter = attemptLimits('login', config.loginWindowSeconds);
  const decoyHash = hashPassword(randomUUID());

  const sessionEnd = () => new Date(Date.now() + config.refreshTokenTtlSeconds * 1000);

  /** The answer of login and refresh: an access token, and the refresh token of the session's current jti. */
  function issue(user: UserDoc, company: CompanyDoc, answerUser: User, session: Pick<SessionDoc, 'sessionId' | 'client'>, jti: string): Issued {
    const { sessionId } = session;
    const remaining = daysUntil(company.dueDate);
    return {
      token: signAccessToken(tokens, credentialsOf(user, sessionId, session.client ?? 'console')),
      user: answerUser,
      ...(remaining < SUBSCRIPTION_WARNING_DAYS ? { dueWarningDays: remaining } : {}),
      refreshToken: signRefreshToken(tokens, String(user._id), String(user.companyId), sessionId, jti),
    };
  }

  return {
    async login(email: string, password: string, client: ClientInfo, kind: SessionClient = 'console'): Promise<Issued> {
      // Per account from this address: a guesser elsewhere cannot lock the owner out.
      const accountKey = `account:${email}|ip:${client.ip}`;
      const attempt = await limiter.reserve([
        { key: accountKey, limit: config.loginMaxAttemptsPerAccount },
        { key: `ip:${client.ip}`, limit: config.loginMaxAttemptsPerIp },
      ]);
      if (!attempt.ok) throw new AppError('ERR_TOO_MANY_ATTEMPTS', { retryAfter: attempt.retryAfter });

      // Login is by e-mail across the platform: the one place a user is read without a company.
      const user = await UserModel.findOne({ email }).setOptions({ crossTenant: true }).lean<UserDoc>();
      // Unknown e-mail and wrong password answer alike and take as long (a hash is checked either
      // way), so accounts cannot be discovered.
      const valid = await checkPassword(user?.passwordHash ?? (await decoyHash), password);
      if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS');
      attempt.release();
      await limiter.reset(accountKey);
      const { user: answerUser, company } = await userWithCompany(user);
      refuseClosedCompany(company);

      // FerretDB has no TTL indexes: expired sessions of the company are swept at each login.
      await SessionModel.deleteMany({ companyId: user.companyId, expiresAt: { $lte: new Date() } });
      const sessionId = randomUUID();
      const jti = randomUUID();
      await SessionModel.create({
        companyId: user.companyId,
        userId: user._id,
        sessionId,
        client: kind,
        currentJti: jti,
        expiresAt: sessionEnd(),
        userAgent: client.userAgent,
        ip: client.ip,
      });
      await UserModel.updateOne({ _id: user._id, companyId: user.companyId }, { $set: { lastSeenAt: new Date() } }, { timestamps: false });
      await setOnline(realtime, String(user.companyId), String(user._id), true);
      const issued = issue(user, company, { ...answerUser, online: true }, { sessionId, client: kind }, jti);
      // Older sessions of the same user and kind hear "account opened elsewhere" (see SESSION_CLIENTS).
      realtime.publish(String(user.companyId), 'auth', { action: 'update', user: { id: String(user._id) }, sessionId, client: kind });
      return issued;
    },

    /** Rotates the refresh token (see rotateRefresh); a replayed token ends the session. */
    async refresh(refreshToken: string | undefined): Promise<Issued> {
      const claims = refreshToken ? verifyRefreshToken(tokens, refreshToken) : null;
      if (!claims) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      const session = await SessionModel.findOne({ companyId: claims.cid, sessionId: claims.sid }).lean<SessionDoc>();
      if (!session) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      const user = await UserModel.findOne({ _id: claims.sub, companyId: claims.cid }).lean<UserDoc>();
      if (!user) throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      const { user: answerUser, company } = await userWithCompany(user);
      refuseClosedCompany(company);
      const jti = await rotateRefresh(session, claims.jti, sessionEnd());
      if (!jti) {
        await endSessions(realtime, { companyId: claims.cid, sessionId: claims.sid });
        throw new AppError('ERR_REFRESH_TOKEN_INVALID');
      }
      return issue(user, company, answerUser, session, jti);
    },

    async logout(refreshToken: string | undefined, actor: AuthCredentials | null): Promise<void> {
      const claims = refreshToken ? verifyRefreshToken(tokens, refreshToken) : null;
      const target = claims ? { companyId: claims.cid, sessionId: claims.sid } : actor ? { companyId: actor.companyId, sessionId: actor.sessionId } : null;
      if (!target) return;
      const session = await SessionModel.findOneAndDelete(target).lean<SessionDoc>();
      if (!session) return;
      realtime.endSockets(target);
      const others = await SessionModel.countDocuments({ companyId: session.companyId, userId: session.userId });
      if (others === 0) await setOnline(realtime, String(session.companyId), String(session.userId), false);
    },

    async me(actor: AuthCredentials): Promise<User> {
      const user = await UserModel.findOne({ _id: actor.userId, companyId: actor.companyId }).lean<UserDoc>();
      if (!user) throw new AppError('ERR_NO_USER_FOUND');
      return (await userWithCompany(user)).user;
    },
  };
}
