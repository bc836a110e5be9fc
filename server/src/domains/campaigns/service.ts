/**
 * Campaigns (document 2 sections 3, 4, 5 and 7): CRUD with the editability rule, the attachment,
 * cancel and restart. Starting and running are the runner's (runner.ts).
 */
import { isCampaignEditable, type Campaign, type CampaignsPage } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import { hasMore, page } from '../../platform/http/paging.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { removeUpload, storeUpload, type FilePart } from '../../platform/uploads.js';
import { ContactListModel } from '../contactLists/model.js';
import { FileListModel } from '../files/model.js';
import { TagModel } from '../tags/model.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { toCampaign, variantsOf } from './dto.js';
import { CampaignModel, CampaignShippingModel, type CampaignDoc } from './model.js';
import type { CampaignRunner } from './runner.js';

export interface CampaignInput {
  name?: string;
  confirmation?: boolean;
  scheduledAt?: Date | null;
  whatsappId?: string | null;
  contactListId?: string | null;
  tagId?: string | null;
  fileListId?: string | null;
  [variant: `message${number}` | `confirmationMessage${number}`]: string | undefined;
}

const REFERENCES = [
  ['whatsappId', WhatsappModel, 'ERR_NO_WAPP_FOUND'],
  ['contactListId', ContactListModel, 'ERR_NO_CONTACT_LIST_FOUND'],
  ['tagId', TagModel, 'ERR_NO_TAG_FOUND'],
  ['fileListId', FileListModel, 'ERR_NO_FILE_LIST_FOUND'],
] as const;

/** Every id given must name a record of the caller's company (another company's: not found). */
async function refuseUnknownReferences(companyId: string, input: CampaignInput): Promise<void> {
  for (const [field, model, code] of REFERENCES) {
    const value = input[field];
    if (value && !(await (model as typeof WhatsappModel).exists({ companyId, _id: value }))) throw new AppError(code);
  }
}

/** A campaign going to PROGRAMADA must be able to run: a connection, an audience, a message. */
function refuseUnrunnable(doc: CampaignDoc): void {
  if (!doc.whatsappId) throw new AppError('ERR_VALIDATION', { field: 'whatsappId', rule: 'any.required' }, 'whatsappId: a scheduled campaign needs a connection');
  if (!doc.contactListId && !doc.tagId) throw new AppError('ERR_CAMPAIGN_AUDIENCE_REQUIRED');
  if (variantsOf(doc, 'message').length === 0) throw new AppError('ERR_VALIDATION', { field: 'message1', rule: 'any.required' }, 'message1: a campaign needs a message');
}

/**
 * Messages already sent point at the campaign's stored attachment: it is removed only while no
 * message can use it (the campaign never built its audience).
 */
async function releaseMedia(doc: CampaignDoc): Promise<void> {
  if (doc.media && !doc.audienceBuilt && doc.contacts === 0) await removeUpload(String(doc.companyId), doc.media.fileName);
}

export async function findCampaign(companyId: string, id: string): Promise<CampaignDoc> {
  const doc = await CampaignModel.findOne({ companyId, _id: id }).lean<CampaignDoc>();
  if (!doc) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return doc;
}

export function createCampaignService(realtime: RealtimePublisher, runner: CampaignRunner) {
  function announce(action: 'create' | 'update', doc: CampaignDoc): Campaign {
    const record = toCampaign(doc);
    realtime.publish(record.companyId, 'campaign', { action, record });
    return record;
  }

  async function findEditable(companyId: string, id: string): Promise<CampaignDoc> {
    const doc = await findCampaign(companyId, id);
    if (!isCampaignEditable(doc)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', { status: doc.status });
    return doc;
  }

  /**
   * Writes the change only while the campaign is still what the rule was checked on (same status
   * and schedule): a start racing the save wins, and the save answers ERR_CAMPAIGN_NOT_EDITABLE.
   */
  async function saveIfUnchanged(current: CampaignDoc, set: Record<string, unknown>): Promise<CampaignDoc> {
    const updated = await CampaignModel.findOneAndUpdate(
      { companyId: current.companyId, _id: current._id, status: current.status, scheduledAt: current.scheduledAt },
      { $set: set },
      { returnDocument: 'after' },
    ).lean<CampaignDoc>();
    if (!updated) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    return updated;
  }

  /** The status a save leaves: a schedule makes it PROGRAMADA; no schedule, INATIVA (CANCELADA stays). */
  function statusAfterSave(current: CampaignDoc | null, scheduledAt: Date | null): CampaignDoc['status'] {
    if (scheduledAt) return 'PROGRAMADA';
    return current?.status === 'CANCELADA' ? 'CANCELADA' : 'INATIVA';
  }

  return {
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<CampaignsPage> {
      const filter: Record<string, unknown> = { companyId: actor.companyId };
      if (query.searchParam) filter.name = searchRegex(query.searchParam);
      const window = page(query.pageNumber);
      const [count, rows] = await Promise.all([
        CampaignModel.countDocuments(filter),
        CampaignModel.find(filter).sort({ createdAt: -1, _id: -1 }).skip(window.skip).limit(window.limit).lean<CampaignDoc[]>(),
      ]);
      return { records: rows.map((row) => toCampaign(row)), count, hasMore: hasMore(count, window, rows.length) };
    },

    async get(actor: AuthCredentials, id: string): Promise<Campaign> {
      return toCampaign(await findCampaign(actor.companyId, id));
    },

    async create(actor: AuthCredentials, input: CampaignInput): Promise<Campaign> {
      await refuseUnknownReferences(actor.companyId, input);
      const scheduledAt = input.scheduledAt ?? null;
      const doc = new CampaignModel({ ...input, companyId: actor.companyId, scheduledAt, status: statusAfterSave(null, scheduledAt) });
      const draft = doc.toObject() as CampaignDoc;
      if (scheduledAt) refuseUnrunnable(draft);
      await doc.save();
      const created = doc.toObject() as CampaignDoc;
      if (scheduledAt) await runner.scheduleStart(created);
      return announce('create', created);
    },

    async update(actor: AuthCredentials, id: string, input: CampaignInput): Promise<Campaign> {
      const current = await findEditable(actor.companyId, id);
      await refuseUnknownReferences(actor.companyId, input);
      const scheduledAt = input.scheduledAt === undefined ? current.scheduledAt : input.scheduledAt;
      const set: Record<string, unknown> = { ...input, scheduledAt, status: statusAfterSave(current, scheduledAt) };
      // A new audience for a campaign already started once: its new members get shippings at the
      // next start; the numbers already done are not messaged again (unique per campaign).
      const audienceChanged = (input.contactListId !== undefined && String(input.contactListId) !== String(current.contactListId)) || (input.tagId !== undefined && String(input.tagId) !== String(current.tagId));
      if (audienceChanged) Object.assign(set, { audienceBuilt: false, audienceCursor: null });
      if (set.status === 'PROGRAMADA') refuseUnrunnable({ ...current, ...set } as CampaignDoc);
      const updated = await saveIfUnchanged(current, set);
      if (updated.status === 'PROGRAMADA') await runner.scheduleStart(updated);
      return announce('update', updated);
    },

    /** Deletes the campaign, its shippings and attachment; a running one stops at its next step. */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findCampaign(actor.companyId, id);
      await CampaignModel.deleteOne({ companyId: actor.companyId, _id: id });
      await CampaignShippingModel.deleteMany({ companyId: actor.companyId, campaignId: current._id });
      await releaseMedia(current);
      realtime.publish(actor.companyId, 'campaign', { action: 'delete', id });
    },

    async attach(actor: AuthCredentials, id: string, file: FilePart): Promise<Campaign> {
      const current = await findEditable(actor.companyId, id);
      const stored = await storeUpload(actor.companyId, file);
      let updated: CampaignDoc;
      try {
        updated = await saveIfUnchanged(current, { media: { fileName: stored.fileName, originalName: stored.originalName, mimeType: stored.mimeType, mediaType: stored.mediaType, kind: stored.kind, size: stored.size } });
      } catch (err) {
        await removeUpload(actor.companyId, stored.fileName);
        throw err;
      }
      await releaseMedia(current);
      return announce('update', updated);
    },

    async detach(actor: AuthCredentials, id: string): Promise<void> {
      const current = await findEditable(actor.companyId, id);
      const updated = await saveIfUnchanged(current, { media: null });
      await releaseMedia(current);
      announce('update', updated);
    },

    /** A running (or scheduled) campaign stops: the runner sees it before its next message. */
    async cancel(actor: AuthCredentials, id: string): Promise<Campaign> {
      await findCampaign(actor.companyId, id);
      const updated = await CampaignModel.findOneAndUpdate(
        { companyId: actor.companyId, _id: id, status: { $in: ['EM_ANDAMENTO', 'PROGRAMADA'] } },
        { $set: { status: 'CANCELADA' } },
        { returnDocument: 'after' },
      ).lean<CampaignDoc>();
      if (!updated) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION', { to: 'CANCELADA' });
      return announce('update', updated);
    },

    /** A cancelled campaign runs again from where it stopped. */
    async restart(actor: AuthCredentials, id: string): Promise<Campaign> {
      const current = await findCampaign(actor.companyId, id);
      if (current.status === 'CANCELADA') refuseUnrunnable(current);
      const updated = await CampaignModel.findOneAndUpdate(
        { companyId: actor.companyId, _id: id, status: 'CANCELADA' },
        { $set: { status: 'EM_ANDAMENTO', completedAt: null } },
        { returnDocument: 'after' },
      ).lean<CampaignDoc>();
      if (!updated) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION', { to: 'EM_ANDAMENTO' });
      await runner.run(updated);
      return announce('update', updated);
    },
  };
}
