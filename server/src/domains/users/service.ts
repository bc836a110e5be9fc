import type { Language, Profile, User, UsersPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { unlimitedEmailProbes, type EmailProbes } from '../../platform/auth/emailProbes.js';
import { checkPassword, hashPassword } from '../../platform/auth/passwords.js';
import { searchRegex } from '../../platform/database/models.js';
import { keyedSerial } from '../../platform/database/serial.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { createWithinPlan } from '../plans/limits.js';
import { refuseUnknownQueues } from '../queues/service.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { endSessions } from '../auth/sessions.js';
import { forgetViewer } from '../tickets/realtimeFilters.js';
import { toUser } from './dto.js';
import { userNames } from './cache.js';
import { UserModel, type UserDoc } from './model.js';

export interface UserInput {
  name?: string;
  email?: string;
  password?: string;
  profile?: Profile;
  queueIds?: string[];
  whatsappId?: string | null;
  allTicket?: 'enabled' | 'desabled';
  language?: Language | null;
  companyId?: string;
  super?: boolean;
}

/** Fields only an admin may set (the spec's user-modal:editProfile / editQueues). */
const ADMIN_FIELDS = ['profile', 'queueIds', 'whatsappId', 'allTicket'] as const;

function isManager(actor: AuthCredentials): boolean {
  return actor.super || actor.profile === 'admin';
}

/** Super users may address another company; everyone else stays in their own. */
function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

async function findUser(actor: AuthCredentials, id: string): Promise<UserDoc> {
  const filter = actor.super ? { _id: id } : { _id: id, companyId: actor.companyId };
  const user = await UserModel.findOne(filter).setOptions({ crossTenant: actor.super }).lean<UserDoc>();
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

/** A user the actor may change or delete: super users are the operator's, touched only by super users. */
async function findChangeableUser(actor: AuthCredentials, id: string): Promise<UserDoc> {
  const user = await findUser(actor, id);
  if (user.super && !actor.super) throw new AppError('ERR_NO_PERMISSION');
  return user;
}

/**
 * Changes that could take away the platform's last super user run one at a time, so two super
 * users demoting each other at once cannot both succeed.
 */
const superChanges = keyedSerial();

function keepingOneSuper<T>(user: UserDoc, losesSuper: boolean, change: () => Promise<T>): Promise<T> {
  if (!user.super || !losesSuper) return change();
  return superChanges.run('super', async () => {
    const supers = await UserModel.countDocuments({ super: true }).setOptions({ crossTenant: true });
    if (supers <= 1) throw new AppError('ERR_LAST_SUPER');
    return change();
  });
}

/** A taken e-mail is refused through the caller's probe limit (see platform/auth/emailProbes). */
async function refuseDuplicateEmail(email: string | undefined, probe: { probes: EmailProbes; caller: string }, exceptId?: string): Promise<void> {
  if (!email) return;
  const filter = { email: email.toLowerCase(), ...(exceptId ? { _id: { $ne: exceptId } } : {}) };
  if (await UserModel.exists(filter).setOptions({ crossTenant: true })) await probe.probes.refuseTaken(probe.caller);
}

/** The queues and connection given to a user are the company's own. */
async function refuseForeignReferences(companyId: string, input: UserInput): Promise<void> {
  await refuseUnknownQueues(companyId, input.queueIds ?? []);
  if (input.whatsappId && !(await WhatsappModel.exists({ companyId, _id: input.whatsappId }))) throw new AppError('ERR_NO_WAPP_FOUND');
}

/** A company keeps at least one admin: demoting or deleting the last one is refused. */
async function refuseLosingLastAdmin(user: UserDoc): Promise<void> {
  if (user.profile !== 'admin') return;
  const admins = await UserModel.countDocuments({ companyId: user.companyId, profile: 'admin' });
  if (admins <= 1) throw new AppError('ERR_LAST_ADMIN');
}

/** The first admin of a new company (sign-up, super-user creation, first start). */
export async function createCompanyAdmin(
  companyId: string,
  admin: { name: string; email: string; password: string; super?: boolean },
  probe = { probes: unlimitedEmailProbes, caller: '' },
): Promise<User> {
  await refuseDuplicateEmail(admin.email, probe);
  const created = await UserModel.create({
    companyId,
    name: admin.name,
    email: admin.email,
    profile: 'admin',
    super: admin.super ?? false,
    allTicket: 'enabled',
    passwordHash: await hashPassword(admin.password),
  });
  return toUser(created.toObject() as UserDoc);
}

export function createUserService(realtime: RealtimePublisher, probes: EmailProbes) {
  /**
   * A new password or e-mail ends the user's other sessions (all of them when someone else set
   * it); a new profile or super flag makes the user's open sockets reconnect with the new rights
   * (HTTP requests read them from the user at once).
   */
  async function followCredentials(actor: AuthCredentials, before: UserDoc, after: UserDoc, newPassword: boolean): Promise<void> {
    const scope = { companyId: String(after.companyId), userId: String(after._id) };
    if (newPassword || before.email !== after.email) {
      await endSessions(realtime, { ...scope, ...(actor.userId === scope.userId ? { exceptSessionId: actor.sessionId } : {}) });
    }
    if (before.profile !== after.profile || before.super !== after.super) realtime.endSockets(scope);
  }

  function announce(companyId: string, action: 'create' | 'update', user: User): void {
    userNames.invalidate(companyId);
    realtime.publish(companyId, 'user', { action, user });
  }

  return {
    async list(actor: AuthCredentials, query: { searchParam: string; pageNumber: number; companyId?: string }): Promise<UsersPage> {
      const companyId = targetCompany(actor, query.companyId);
      const filter: Record<string, unknown> = { companyId };
      if (query.searchParam) {
        const pattern = searchRegex(query.searchParam);
        filter.$or = [{ name: pattern }, { email: pattern }];
      }
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        UserModel.countDocuments(filter),
        UserModel.find(filter).sort({ name: 1, _id: 1 }).skip(window.skip).limit(window.limit).lean<UserDoc[]>(),
      ]);
      return { users: rows.map((row) => toUser(row)), count, hasMore: hasMore(count, window, rows.length) };
    },

    async listAll(actor: AuthCredentials, companyId?: string): Promise<User[]> {
      const rows = await UserModel.find({ companyId: targetCompany(actor, companyId) }).sort({ name: 1 }).lean<UserDoc[]>();
      return rows.map((row) => toUser(row));
    },

    async get(actor: AuthCredentials, id: string): Promise<User> {
      if (id !== actor.userId && !isManager(actor) && actor.profile !== 'supervisor') throw new AppError('ERR_NO_PERMISSION');
      return toUser(await findUser(actor, id));
    },

    async create(actor: AuthCredentials, input: UserInput): Promise<User> {
      if (input.super && !actor.super) throw new AppError('ERR_NO_PERMISSION');
      const companyId = targetCompany(actor, input.companyId);
      await refuseForeignReferences(companyId, input);
      await refuseDuplicateEmail(input.email, { probes, caller: `user:${actor.userId}` });
      const { password, ...fields } = input;
      const passwordHash = await hashPassword(password ?? '');
      const created = await createWithinPlan(companyId, 'users', UserModel, () =>
        UserModel.create({ ...fields, whatsappId: fields.whatsappId || null, companyId, passwordHash }),
      );
      const user = toUser(created.toObject() as UserDoc);
      announce(companyId, 'create', user);
      return user;
    },

    async update(actor: AuthCredentials, id: string, input: UserInput): Promise<User> {
      const current = await findChangeableUser(actor, id);
      if (!isManager(actor)) {
        if (id !== actor.userId) throw new AppError('ERR_NO_PERMISSION');
        if (ADMIN_FIELDS.some((field) => input[field] !== undefined)) throw new AppError('ERR_NO_PERMISSION');
      }
      if ((input.super !== undefined || input.companyId !== undefined) && !actor.super) throw new AppError('ERR_NO_PERMISSION');
      if (input.profile && input.profile !== 'admin') await refuseLosingLastAdmin(current);
      await refuseForeignReferences(String(current.companyId), input);
      await refuseDuplicateEmail(input.email, { probes, caller: `user:${actor.userId}` }, id);
      const { password, companyId: _ignored, ...fields } = input;
      const set: Record<string, unknown> = { ...fields };
      if (fields.whatsappId === '') set.whatsappId = null;
      // The same password again is no change (and ends no session).
      const newPassword = Boolean(password) && !(await checkPassword(current.passwordHash, password ?? ''));
      if (newPassword) set.passwordHash = await hashPassword(password ?? '');
      const updated = await keepingOneSuper(current, input.super === false, () =>
        UserModel.findOneAndUpdate({ _id: id, companyId: current.companyId }, { $set: set }, { returnDocument: 'after' }).lean<UserDoc>(),
      );
      if (!updated) throw new AppError('ERR_NO_USER_FOUND');
      const user = toUser(updated);
      // Queue or profile changes apply to the next realtime event, not after the cache expires.
      forgetViewer(id);
      await followCredentials(actor, current, updated, newPassword);
      announce(String(updated.companyId), 'update', user);
      return user;
    },

    async remove(actor: AuthCredentials, id: string): Promise<void> {
      if (id === actor.userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
      const user = await findChangeableUser(actor, id);
      await refuseLosingLastAdmin(user);
      await keepingOneSuper(user, true, () => UserModel.deleteOne({ _id: id, companyId: user.companyId }));
      userNames.invalidate(String(user.companyId));
      await endSessions(realtime, { companyId: String(user.companyId), userId: id });
      realtime.publish(String(user.companyId), 'user', { action: 'delete', userId: id });
    },

    async setLanguage(actor: AuthCredentials, language: Language): Promise<User> {
      const updated = await UserModel.findOneAndUpdate(
        { _id: actor.userId, companyId: actor.companyId },
        { $set: { language } },
        { returnDocument: 'after' },
      ).lean<UserDoc>();
      if (!updated) throw new AppError('ERR_NO_USER_FOUND');
      // The user's other programs (another tab, the terminal inbox) switch language live.
      const user = toUser(updated);
      announce(String(updated.companyId), 'update', user);
      return user;
    },
  };
}
