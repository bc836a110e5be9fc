import { quickMessageRights, quickMessageVisibleTo, type QuickMessage, type QuickMessagesPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import { setChannelFilter, type RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { toQuickMessage } from './dto.js';
import { QuickMessageModel, type QuickMessageDoc } from './model.js';

export interface QuickMessageInput {
  shortcode?: string;
  message?: string;
  geral?: boolean;
  status?: boolean;
  allowView?: boolean;
  allowEdit?: boolean;
}

/** Flags only the owner (or an admin) sets; `geral` only an admin. */
const OWNER_FLAGS = ['status', 'allowView', 'allowEdit'] as const;

function isAdmin(actor: Pick<AuthCredentials, 'super' | 'profile'>): boolean {
  return actor.super || actor.profile === 'admin';
}

/** Personal quick messages reach their owner and admins; shared and viewable ones everyone of the company. */
setChannelFilter('quickmessage', (payload, credentials) => {
  if (isAdmin(credentials)) return true;
  const about = (payload.quickMessage as QuickMessage | undefined) ?? (payload as unknown as { userId: string; geral: boolean; allowView: boolean });
  return quickMessageVisibleTo(about, credentials.userId);
});

/** What one user sees: their own, the shared ones and those their owners let colleagues see. */
function seenBy(userId: string): Record<string, unknown> {
  return { $or: [{ userId }, { geral: true }, { allowView: true }] };
}

/** What a user reads; admins read everything (or one user's view). */
function visibleTo(actor: AuthCredentials, userId?: string): Record<string, unknown> | null {
  if (isAdmin(actor) && !userId) return null;
  return seenBy(isAdmin(actor) && userId ? userId : actor.userId);
}

function visible(actor: AuthCredentials, doc: QuickMessageDoc): boolean {
  return isAdmin(actor) || quickMessageVisibleTo({ userId: String(doc.userId), geral: doc.geral, allowView: doc.allowView ?? false }, actor.userId);
}

function rightsOver(actor: AuthCredentials, doc: QuickMessageDoc): { edit: boolean; manage: boolean } {
  return quickMessageRights({ userId: String(doc.userId), geral: doc.geral, allowEdit: doc.allowEdit ?? false }, { userId: actor.userId, admin: isAdmin(actor) });
}

/** A quick message the actor can see, or ERR_NO_QUICK_MESSAGE_FOUND (also another user's personal one). */
async function findVisible(actor: AuthCredentials, id: string): Promise<QuickMessageDoc> {
  const doc = await QuickMessageModel.findOne({ _id: id, companyId: actor.companyId }).lean<QuickMessageDoc>();
  if (!doc || !visible(actor, doc)) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  return doc;
}

/** One the actor may edit (quickMessageRights), else ERR_NO_PERMISSION. */
async function findEditable(actor: AuthCredentials, id: string): Promise<QuickMessageDoc> {
  const doc = await findVisible(actor, id);
  if (!rightsOver(actor, doc).edit) throw new AppError('ERR_NO_PERMISSION');
  return doc;
}

/** One the actor may delete and set the flags of, else ERR_NO_PERMISSION. */
async function findOwned(actor: AuthCredentials, id: string): Promise<QuickMessageDoc> {
  const doc = await findVisible(actor, id);
  if (!rightsOver(actor, doc).manage) throw new AppError('ERR_NO_PERMISSION');
  return doc;
}

/**
 * A personal shortcode must differ from the owner's other ones and from the shared ones; a
 * shared shortcode from every one of the company.
 */
async function refuseDuplicateShortcode(companyId: string, shortcode: string, owner: string, geral: boolean, exceptId?: string): Promise<void> {
  const filter: Record<string, unknown> = { companyId, shortcode: shortcode.trim() };
  if (exceptId) filter._id = { $ne: exceptId };
  if (!geral) filter.$or = [{ userId: owner }, { geral: true }];
  if (await QuickMessageModel.exists(filter)) throw new AppError('ERR_DUPLICATED_SHORTCODE');
}

export function createQuickMessageService(realtime: RealtimePublisher) {
  function announce(action: 'create' | 'update', doc: QuickMessageDoc): QuickMessage {
    const quickMessage = toQuickMessage(doc);
    realtime.publish(quickMessage.companyId, 'quickmessage', { action, quickMessage });
    return quickMessage;
  }

  async function save(actor: AuthCredentials, id: string, set: Record<string, unknown>): Promise<QuickMessageDoc> {
    const updated = await QuickMessageModel.findOneAndUpdate({ _id: id, companyId: actor.companyId }, { $set: set }, { returnDocument: 'after' }).lean<QuickMessageDoc>();
    if (!updated) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
    return updated;
  }

  return {
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number; userId?: string }): Promise<QuickMessagesPage> {
      const conditions: Record<string, unknown>[] = [];
      const scope = visibleTo(actor, query.userId);
      if (scope) conditions.push(scope);
      if (query.searchParam) {
        const pattern = searchRegex(query.searchParam);
        conditions.push({ $or: [{ shortcode: pattern }, { message: pattern }] });
      }
      const filter = { companyId: actor.companyId, ...(conditions.length > 0 ? { $and: conditions } : {}) };
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        QuickMessageModel.countDocuments(filter),
        QuickMessageModel.find(filter).sort({ shortcode: 1, _id: 1 }).skip(window.skip).limit(window.limit).lean<QuickMessageDoc[]>(),
      ]);
      return { records: rows.map(toQuickMessage), count, hasMore: hasMore(count, window, rows.length) };
    },

    /** The composer's "/" suggestions: the active ones the user sees (their own, shared, viewable). */
    async list(actor: AuthCredentials, query: { userId?: string }): Promise<QuickMessage[]> {
      const userId = isAdmin(actor) && query.userId ? query.userId : actor.userId;
      const rows = await QuickMessageModel.find({ companyId: actor.companyId, status: { $ne: false }, ...seenBy(userId) })
        .sort({ shortcode: 1, _id: 1 })
        .lean<QuickMessageDoc[]>();
      return rows.map(toQuickMessage);
    },

    async get(actor: AuthCredentials, id: string): Promise<QuickMessage> {
      return toQuickMessage(await findVisible(actor, id));
    },

    async create(actor: AuthCredentials, input: QuickMessageInput): Promise<QuickMessage> {
      const geral = input.geral ?? false;
      if (geral && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', { field: 'geral' });
      await refuseDuplicateShortcode(actor.companyId, input.shortcode ?? '', actor.userId, geral);
      const created = await QuickMessageModel.create({
        companyId: actor.companyId,
        userId: actor.userId,
        shortcode: input.shortcode,
        message: input.message ?? '',
        geral,
        status: input.status ?? true,
        allowView: input.allowView ?? false,
        allowEdit: input.allowEdit ?? false,
      });
      return announce('create', created.toObject() as QuickMessageDoc);
    },

    async update(actor: AuthCredentials, id: string, input: QuickMessageInput): Promise<QuickMessage> {
      const current = await findEditable(actor, id);
      if (input.geral === true && !current.geral && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', { field: 'geral' });
      const changedFlag = OWNER_FLAGS.find((flag) => input[flag] !== undefined && input[flag] !== (current[flag] ?? flag === 'status'));
      if (changedFlag && !rightsOver(actor, current).manage) throw new AppError('ERR_NO_PERMISSION', { field: changedFlag });
      const shortcode = input.shortcode ?? current.shortcode;
      const geral = input.geral ?? current.geral;
      if (input.shortcode !== undefined || input.geral !== undefined) {
        await refuseDuplicateShortcode(actor.companyId, shortcode, String(current.userId), geral, id);
      }
      const set: Record<string, unknown> = {};
      for (const field of ['shortcode', 'message', 'geral', ...OWNER_FLAGS] as const) if (input[field] !== undefined) set[field] = input[field];
      return announce('update', await save(actor, id, set));
    },

    /** Deletes the quick message and its attachment. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findOwned(actor, id);
      await QuickMessageModel.deleteOne({ _id: id, companyId: actor.companyId });
      await removeUpload(actor.companyId, current.mediaPath);
      realtime.publish(actor.companyId, 'quickmessage', {
        action: 'delete',
        quickMessageId: id,
        userId: String(current.userId),
        geral: current.geral,
        allowView: current.allowView ?? false,
      });
    },

    /** Attaches a file (any accepted kind), replacing the previous one. */
    async attach(actor: AuthCredentials, id: string, file: FilePart): Promise<QuickMessage> {
      const current = await findEditable(actor, id);
      const stored = await storeUpload(actor.companyId, file);
      let updated: QuickMessageDoc;
      try {
        updated = await save(actor, id, { mediaPath: stored.fileName, mediaName: stored.originalName });
      } catch (err) {
        await removeUpload(actor.companyId, stored.fileName);
        throw err;
      }
      await removeUpload(actor.companyId, current.mediaPath);
      return announce('update', updated);
    },

    async detach(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findEditable(actor, id);
      const updated = await save(actor, id, { mediaPath: null, mediaName: null });
      await removeUpload(actor.companyId, current.mediaPath);
      announce('update', updated);
    },
  };
}

export type QuickMessageService = ReturnType<typeof createQuickMessageService>;
