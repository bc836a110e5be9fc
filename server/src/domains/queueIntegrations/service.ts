/**
 * Queue integrations (document 3, /queueIntegration): the list, the type-dependent fields, the
 * secrets (dialogflow credentials and the webhook types' signing secret, sealed; shown masked) and
 * the delete refused while a queue or a connection uses the integration. Changes reach the
 * company's admins on the `queueIntegration` channel; the runners read integrations through the
 * cache this service drops.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  isWebhookType,
  maskSecret,
  NAMED_PROJECT_TYPES,
  PAGE_SIZE,
  type QueueIntegrationEvent,
  type QueueIntegrationLanguage,
  type QueueIntegrationTestAnswer,
  type QueueIntegrationsPage,
  type QueueIntegrationType,
  type QueueIntegrationWithSecret,
  type QueueIntegration,
  type IntegrationDeliveriesPage,
} from '@atende/shared';
import type { QueueIntegrationData, QueueIntegrationTestData } from '@atende/shared/client';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import { FlowModel } from '../flows/model.js';
import { QueueModel } from '../queues/model.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { companyIntegrations } from './cache.js';
import { credentialsMask, parseServiceAccount } from './credentials.js';
import type { Dialogflow } from './dialogflow.js';
import { IntegrationDeliveryModel } from './deliveryModel.js';
import { deliveryPage } from './deliveryLog.js';
import { findIntegration, toQueueIntegration } from './dto.js';
import { QueueIntegrationModel, type QueueIntegrationDoc } from './model.js';

/** Fields copied as they come (the others are derived or sealed). */
const PLAIN_FIELDS = [
  'type',
  'name',
  'language',
  'urlN8N',
  'typebotSlug',
  'typebotExpires',
  'typebotDelayMessage',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotRestartMessage',
  'typebotUnknownMessage',
] as const;

/** What the test button asks the agent, in the integration's language. */
const PROBE: Record<QueueIntegrationLanguage, string> = { 'pt-BR': 'Oi', en: 'Hi', es: 'Hola' };

/** The reason a call to the agent failed, in Google's (or the network's) words, short. */
function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

const required = (field: string) => new AppError('ERR_VALIDATION', { field, rule: 'any.required' }, `${field}: required for this type`);

/** A new signing secret for the webhook types. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** What each type needs, on the integration as it will be stored (an update may change the type). */
function refuseIncomplete(doc: Pick<QueueIntegrationDoc, 'type' | 'urlN8N' | 'typebotSlug' | 'projectName' | 'sealedJsonContent' | 'flowId'>): void {
  if ((doc.type === 'n8n' || doc.type === 'webhook' || doc.type === 'typebot') && !doc.urlN8N) throw required('urlN8N');
  if (doc.type === 'typebot' && !doc.typebotSlug) throw required('typebotSlug');
  if (doc.type === 'dialogflow' && !doc.projectName) throw required('projectName');
  if (doc.type === 'dialogflow' && !doc.sealedJsonContent) throw required('jsonContent');
  if (doc.type === 'flowbuilder' && !doc.flowId) throw required('flowId');
}

export function createQueueIntegrationService(deps: { realtime: RealtimePublisher; sealer: Sealer; dialogflow: Dialogflow }) {
  const { realtime, sealer, dialogflow } = deps;

  function announce(companyId: string, event: QueueIntegrationEvent): void {
    companyIntegrations.invalidate(companyId);
    realtime.publish(companyId, 'queueIntegration', event);
  }

  /** The stored fields for an input over what is stored (`current`), and the new secret when one is made. */
  async function storedFields(companyId: string, input: Partial<QueueIntegrationData>, current: QueueIntegrationDoc | null): Promise<{ set: Record<string, unknown>; secret: string | null }> {
    const set: Record<string, unknown> = {};
    for (const field of PLAIN_FIELDS) if (input[field] !== undefined) set[field] = input[field];
    const type = (input.type ?? current?.type) as QueueIntegrationType;
    const name = (input.name ?? current?.name ?? '').trim();
    if ((NAMED_PROJECT_TYPES as readonly string[]).includes(type)) set.projectName = name;
    else if (input.projectName !== undefined) set.projectName = input.projectName.trim();
    if (input.jsonContent !== undefined && input.jsonContent.trim() !== (current?.sealedJsonContent ? current.jsonContentMask : null)) {
      const json = input.jsonContent.trim();
      if (!json) Object.assign(set, { sealedJsonContent: null, jsonContentMask: '' });
      else {
        const account = parseServiceAccount(json);
        Object.assign(set, { sealedJsonContent: sealer.seal(json), jsonContentMask: credentialsMask(account) });
      }
    }
    if (input.flowId !== undefined) {
      if (input.flowId && !(await FlowModel.exists({ companyId, _id: input.flowId }))) throw new AppError('ERR_NO_FLOW_FOUND', { field: 'flowId' });
      set.flowId = input.flowId || null;
    }
    // The webhook types sign with a secret of their own, made when they get that type.
    let secret: string | null = null;
    if (isWebhookType(type) && !current?.sealedSecret) {
      secret = newSecret();
      Object.assign(set, { sealedSecret: sealer.seal(secret), secretMask: maskSecret(secret) });
    } else if (!isWebhookType(type) && current?.sealedSecret) Object.assign(set, { sealedSecret: null, secretMask: '' });
    return { set, secret };
  }

  function withSecret(doc: QueueIntegrationDoc, secret: string | null): QueueIntegrationWithSecret {
    return { ...toQueueIntegration(doc), newWebhookSecret: secret };
  }

  return {
    /** Searched by name, in name order; a page more tells hasMore (no count of the whole list). */
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<QueueIntegrationsPage> {
      const filter: Record<string, unknown> = { companyId: actor.companyId };
      if (query.searchParam) filter.name = searchRegex(query.searchParam);
      const rows = await QueueIntegrationModel.find(filter)
        .sort({ name: 1, _id: 1 })
        .skip((query.pageNumber - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE + 1)
        .lean<QueueIntegrationDoc[]>();
      return { queueIntegrations: rows.slice(0, PAGE_SIZE).map(toQueueIntegration), hasMore: rows.length > PAGE_SIZE };
    },

    async get(actor: AuthCredentials, id: string): Promise<QueueIntegration> {
      return toQueueIntegration(await findIntegration(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: QueueIntegrationData): Promise<QueueIntegrationWithSecret> {
      const { set, secret } = await storedFields(actor.companyId, input, null);
      refuseIncomplete({ type: input.type, urlN8N: '', typebotSlug: '', projectName: '', sealedJsonContent: null, flowId: null, ...set } as QueueIntegrationDoc);
      const created = await QueueIntegrationModel.create({ companyId: actor.companyId, ...set });
      const doc = created.toObject() as QueueIntegrationDoc;
      announce(actor.companyId, { action: 'create', queueIntegration: toQueueIntegration(doc) });
      return withSecret(doc, secret);
    },

    async update(actor: AuthCredentials, id: string, input: Partial<QueueIntegrationData>): Promise<QueueIntegrationWithSecret> {
      const current = await findIntegration(actor.companyId, id);
      const { set, secret } = await storedFields(actor.companyId, input, current);
      refuseIncomplete({ ...current, ...set } as QueueIntegrationDoc);
      const updated = await QueueIntegrationModel.findOneAndUpdate({ companyId: actor.companyId, _id: id }, { $set: set }, { returnDocument: 'after' }).lean<QueueIntegrationDoc>();
      if (!updated) throw new AppError('ERR_NO_INTEGRATION_FOUND');
      announce(actor.companyId, { action: 'update', queueIntegration: toQueueIntegration(updated) });
      return withSecret(updated, secret);
    },

    /**
     * The dialog's test button: asks the agent a greeting with these credentials and answers whether
     * it worked (ok, the intent and reply) or why not (reason). A masked jsonContent stands for the
     * stored credentials of integration `id`; a JSON that is no service account is refused (400).
     */
    async testSession(actor: AuthCredentials, input: QueueIntegrationTestData): Promise<QueueIntegrationTestAnswer> {
      let json = input.jsonContent.trim();
      if (input.id) {
        const current = await findIntegration(actor.companyId, input.id);
        if (current.sealedJsonContent && json === current.jsonContentMask) json = sealer.open(current.sealedJsonContent) ?? '';
      }
      const account = parseServiceAccount(json);
      try {
        const answer = await dialogflow.detect({ projectName: input.projectName, account, language: input.language, sessionId: `atende-test-${randomUUID()}`, text: PROBE[input.language] });
        return { ok: true, intent: answer.intent, reply: answer.texts.join('\n') };
      } catch (err) {
        return { ok: false, reason: reasonOf(err) };
      }
    },

    /** The delivery log of an n8n or webhook integration (the other types have none: an empty page). */
    async deliveries(actor: AuthCredentials, id: string, pageNumber: number): Promise<IntegrationDeliveriesPage> {
      return deliveryPage(await findIntegration(actor.companyId, id), pageNumber);
    },

    /** A new signing secret for an n8n or webhook integration; the old one stops at once. */
    async rotateSecret(actor: AuthCredentials, id: string): Promise<QueueIntegrationWithSecret> {
      const current = await findIntegration(actor.companyId, id);
      if (!isWebhookType(current.type)) throw new AppError('ERR_VALIDATION', { field: 'type', rule: 'any.only' }, 'type: only n8n and webhook integrations sign their events');
      const secret = newSecret();
      const updated = await QueueIntegrationModel.findOneAndUpdate(
        { companyId: actor.companyId, _id: id },
        { $set: { sealedSecret: sealer.seal(secret), secretMask: maskSecret(secret) } },
        { returnDocument: 'after' },
      ).lean<QueueIntegrationDoc>();
      if (!updated) throw new AppError('ERR_NO_INTEGRATION_FOUND');
      announce(actor.companyId, { action: 'update', queueIntegration: toQueueIntegration(updated) });
      return withSecret(updated, secret);
    },

    /**
     * Refused (409 ERR_INTEGRATION_IN_USE, with how many) while a queue or a connection names it:
     * their customers would silently lose their bot. Tickets it was answering are left to the
     * agents (the runner finds it gone); its delivery log goes with it.
     */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      await findIntegration(actor.companyId, id);
      const [queues, connections] = await Promise.all([
        QueueModel.find({ companyId: actor.companyId, integrationId: id }, { _id: 1 }).lean<{ _id: unknown }[]>(),
        WhatsappModel.find({ companyId: actor.companyId, integrationId: id }, { _id: 1 }).lean<{ _id: unknown }[]>(),
      ]);
      if (queues.length + connections.length > 0) throw new AppError('ERR_INTEGRATION_IN_USE', { queues: queues.length, connections: connections.length });
      const { deletedCount } = await QueueIntegrationModel.deleteOne({ companyId: actor.companyId, _id: id });
      if (deletedCount === 0) throw new AppError('ERR_NO_INTEGRATION_FOUND');
      await IntegrationDeliveryModel.deleteMany({ companyId: actor.companyId, integrationId: id });
      announce(actor.companyId, { action: 'delete', integrationId: id });
    },
  };
}

export type QueueIntegrationService = ReturnType<typeof createQueueIntegrationService>;
