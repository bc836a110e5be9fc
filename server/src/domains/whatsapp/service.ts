import { randomBytes } from 'node:crypto';
import type { Whatsapp, WhatsappData } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { connectionWrites } from '../../platform/database/serial.js';
import type { SessionControl } from './sessionControl.js';
import { defaultSchedules, mergeSchedules } from '../companies/dates.js';
import { createWithinPlan } from '../plans/limits.js';
import { refuseUnknownQueues } from '../queues/service.js';
import { TicketModel, type TicketDoc } from '../tickets/model.js';
import { updateTicket } from '../tickets/writer.js';
import { UserModel } from '../users/model.js';
import { refuseUnknownIntegration } from '../queueIntegrations/dto.js';
import { FlowModel } from '../flows/model.js';
import { refuseUnknownPrompt } from '../prompts/dto.js';
import { companyConnections } from './cache.js';
import { WhatsappModel, whatsappNameKey, type WhatsappDoc } from './model.js';
import { announceWhatsapp, findWhatsapp, whatsappView, whatsappViews } from './queries.js';

export type WhatsappInput = Partial<WhatsappData>;

/** The connections page's permissions (add, action buttons, edit or delete): admins. */
function isManager(actor: AuthCredentials): boolean {
  return actor.super || actor.profile === 'admin';
}

function targetCompany(actor: AuthCredentials, companyId?: string): string {
  return actor.super && companyId ? companyId : actor.companyId;
}

/** 32 URL-safe characters (192 random bits). */
export function newWhatsappToken(): string {
  return randomBytes(24).toString('base64url');
}

async function refuseDuplicateName(companyId: string, name: string | undefined, exceptId?: string): Promise<void> {
  if (!name) return;
  const filter = { companyId, nameKey: whatsappNameKey(name), ...(exceptId ? { _id: { $ne: exceptId } } : {}) };
  if (await WhatsappModel.exists(filter)) throw new AppError('ERR_DUPLICATED', { field: 'name' });
}

async function refuseDuplicateToken(token: string, exceptId?: string): Promise<void> {
  const filter = { token, ...(exceptId ? { _id: { $ne: exceptId } } : {}) };
  if (await WhatsappModel.exists(filter).setOptions({ crossTenant: true })) throw new AppError('ERR_DUPLICATED', { field: 'token' });
}

/** A connection's default flow is one of its company's flows. */
async function refuseUnknownFlow(companyId: string, flowId: string | null | undefined): Promise<void> {
  if (flowId && !(await FlowModel.exists({ companyId, _id: flowId }))) throw new AppError('ERR_NO_FLOW_FOUND', { field: 'flowId' });
}

/** With more than one queue the chatbot needs a greeting to list them (document 1 section 8). */
function refuseMissingGreeting(queueIds: string[], greetingMessage: string): void {
  if (queueIds.length > 1 && !greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
}

/** Stored form of the input: '' ids mean none, the name's key follows the name. */
function storedFields(input: WhatsappInput): Record<string, unknown> {
  const { companyId: _company, schedules: _schedules, token: _token, ...fields } = input;
  const set: Record<string, unknown> = { ...fields };
  for (const key of ['transferQueueId', 'promptId', 'integrationId', 'flowId'] as const) {
    if (input[key] === '') set[key] = null;
  }
  if (input.name) set.nameKey = whatsappNameKey(input.name);
  return set;
}

export function createWhatsappService(deps: { realtime: RealtimePublisher; logger: Logger; sessions: SessionControl }) {
  const { realtime, logger, sessions } = deps;

  /** Starts a session without holding the answer (its statuses arrive on whatsappSession). */
  function startInBackground(companyId: string, whatsappId: string): void {
    sessions.start(companyId, whatsappId).catch((err: unknown) => {
      logger.warn({ err, companyId, whatsappId }, 'connection session did not start');
    });
  }

  /** Only one default per company: the others lose the flag (and say so). */
  async function unsetOtherDefaults(companyId: string, keptId: string): Promise<void> {
    const others = await WhatsappModel.find({ companyId, isDefault: true, _id: { $ne: keptId } }, { _id: 1 }).lean<Pick<WhatsappDoc, '_id'>[]>();
    for (const { _id } of others) {
      const changed = await connectionWrites.run(String(_id), () =>
        WhatsappModel.findOneAndUpdate({ _id, companyId }, { $set: { isDefault: false } }, { returnDocument: 'after' }).lean<WhatsappDoc>(),
      );
      if (changed) await announceWhatsapp(realtime, changed);
    }
  }

  return {
    async list(actor: AuthCredentials, query: { companyId?: string }): Promise<Whatsapp[]> {
      const rows = await WhatsappModel.find({ companyId: targetCompany(actor, query.companyId) }).sort({ nameKey: 1, _id: 1 }).lean<WhatsappDoc[]>();
      return whatsappViews(rows, isManager(actor));
    },

    async get(actor: AuthCredentials, id: string): Promise<Whatsapp> {
      return whatsappView(await findWhatsapp(actor, id), isManager(actor));
    },

    async create(actor: AuthCredentials, input: WhatsappInput): Promise<Whatsapp> {
      const companyId = targetCompany(actor, input.companyId);
      await refuseUnknownQueues(companyId, [...(input.queueIds ?? []), input.transferQueueId ?? '']);
      refuseMissingGreeting(input.queueIds ?? [], input.greetingMessage ?? '');
      await refuseUnknownFlow(companyId, input.flowId);
      await refuseUnknownIntegration(companyId, input.integrationId);
      await refuseUnknownPrompt(companyId, input.promptId);
      const token = input.token || newWhatsappToken();
      if (input.token) await refuseDuplicateToken(token);
      // The first connection of a company is its default, whatever was asked.
      let first = false;
      const created = await createWithinPlan(companyId, 'connections', WhatsappModel, async (count) => {
        await refuseDuplicateName(companyId, input.name);
        first = count === 0;
        return WhatsappModel.create({
          ...storedFields(input),
          companyId,
          token,
          isDefault: first || input.isDefault === true,
          status: 'DISCONNECTED',
          qrcode: '',
          retries: 0,
          autoStart: false,
          schedules: mergeSchedules(defaultSchedules(), input.schedules ?? []),
        });
      });
      const doc = created.toObject() as WhatsappDoc;
      const whatsappId = String(doc._id);
      if (doc.isDefault && !first) await unsetOtherDefaults(companyId, whatsappId);
      await announceWhatsapp(realtime, doc);
      startInBackground(companyId, whatsappId);
      return whatsappView(doc, true);
    },

    async update(actor: AuthCredentials, id: string, input: WhatsappInput): Promise<Whatsapp> {
      const current = await findWhatsapp(actor, id);
      const companyId = String(current.companyId);
      // There is always a default: another connection becomes it, this one is not simply unset.
      if (input.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP');
      await refuseDuplicateName(companyId, input.name, id);
      await refuseUnknownQueues(companyId, [...(input.queueIds ?? []), input.transferQueueId ?? '']);
      refuseMissingGreeting(input.queueIds ?? current.queueIds.map(String), input.greetingMessage ?? current.greetingMessage);
      await refuseUnknownFlow(companyId, input.flowId);
      await refuseUnknownIntegration(companyId, input.integrationId);
      await refuseUnknownPrompt(companyId, input.promptId);
      const set = storedFields(input);
      if (input.token !== undefined) {
        set.token = input.token || newWhatsappToken();
        if (input.token) await refuseDuplicateToken(input.token, id);
      }
      if (input.schedules) set.schedules = mergeSchedules(current.schedules ?? [], input.schedules);
      const providerChanged = input.provider !== undefined && input.provider !== current.provider;
      // The old provider's credentials mean nothing to the new one: forget them first.
      if (providerChanged) await sessions.logout(companyId, id);
      const updated = await connectionWrites.run(id, () => WhatsappModel.findOneAndUpdate({ _id: id, companyId }, { $set: set }, { returnDocument: 'after' }).lean<WhatsappDoc>());
      if (!updated) throw new AppError('ERR_NO_WAPP_FOUND');
      if (input.isDefault === true && !current.isDefault) await unsetOtherDefaults(companyId, id);
      await announceWhatsapp(realtime, updated);
      if (providerChanged) startInBackground(companyId, id);
      return whatsappView(updated, true);
    },

    /**
     * Deletes a connection: its session ends and its credentials and sandbox state go; tickets and
     * users that named it keep no dangling id (null: messages then go out through the default).
     * The default connection goes only when it is the last one, or when `newDefaultId` names its successor.
     */
    async remove(actor: AuthCredentials, id: string, newDefaultId?: string): Promise<void> {
      const doc = await findWhatsapp(actor, id);
      const companyId = String(doc.companyId);
      let successor: WhatsappDoc | null = null;
      if (newDefaultId) {
        if (newDefaultId === id) throw new AppError('ERR_NO_OTHER_WHATSAPP');
        successor = await WhatsappModel.findOne({ _id: newDefaultId, companyId }).lean<WhatsappDoc>();
        if (!successor) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'newDefaultId' });
      } else if (doc.isDefault && (await WhatsappModel.exists({ companyId, _id: { $ne: id } }))) {
        throw new AppError('ERR_NO_OTHER_WHATSAPP');
      }
      await sessions.remove(companyId, id);
      if (successor && !successor.isDefault) {
        const promoted = await connectionWrites.run(String(successor._id), () =>
          WhatsappModel.findOneAndUpdate({ _id: successor._id, companyId }, { $set: { isDefault: true } }, { returnDocument: 'after' }).lean<WhatsappDoc>(),
        );
        if (promoted) {
          await unsetOtherDefaults(companyId, String(promoted._id));
          await announceWhatsapp(realtime, promoted);
        }
      }
      // Closed tickets only forget it; active ones go through the writer (it is part of their keys).
      await TicketModel.updateMany({ companyId, whatsappId: id, status: 'closed' }, { $set: { whatsappId: null, ratingKey: null } }, { timestamps: false });
      for (const ticket of await TicketModel.find({ companyId, whatsappId: id }).lean<TicketDoc[]>()) {
        await updateTicket(companyId, ticket, { $set: { whatsappId: null } }, { touch: false });
      }
      await UserModel.updateMany({ companyId, whatsappId: id }, { $set: { whatsappId: null } });
      await connectionWrites.run(id, () => WhatsappModel.deleteOne({ _id: id, companyId }));
      companyConnections.invalidate(companyId);
      realtime.publish(companyId, 'whatsapp', { action: 'delete', whatsappId: id });
    },

    /** POST /whatsappsession/{id}: start, or try again. */
    async startSession(actor: AuthCredentials, id: string): Promise<Whatsapp> {
      const doc = await findWhatsapp(actor, id);
      return whatsappView(await sessions.start(String(doc.companyId), id), true);
    },

    /** PUT /whatsappsession/{id}: a new QR code (the pairing starts over). */
    async restartSession(actor: AuthCredentials, id: string): Promise<Whatsapp> {
      const doc = await findWhatsapp(actor, id);
      return whatsappView(await sessions.restart(String(doc.companyId), id), true);
    },

    /** DELETE /whatsappsession/{id}: disconnect; a new scan is needed afterwards. */
    async logoutSession(actor: AuthCredentials, id: string): Promise<Whatsapp> {
      const doc = await findWhatsapp(actor, id);
      return whatsappView(await sessions.logout(String(doc.companyId), id), true);
    },
  };
}
