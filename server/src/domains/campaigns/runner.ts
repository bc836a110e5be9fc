/**
 * The campaign runner (document 2 section 4; exactly once per contact).
 *
 * - One runner per campaign across nodes: a run first takes the campaign's lease (an atomic
 *   conditional update) and renews it while it works; a node that dies leaves a lease that
 *   expires, and the sweep (a recurring job) starts a run elsewhere.
 * - The audience becomes shippings once (audience.ts). Each shipping is claimed atomically
 *   (pendingKey -> sendingKey); a claimed one found at the start of a run was being sent by a run
 *   that died: it is finished, and its messages are found by their derived ids (delivery.ts).
 * - Between messages, messageInterval seconds; every longerIntervalAfter messages, greaterInterval
 *   instead. The status is read before every message and during pauses: a cancel stops the run
 *   within one interval; a restart runs again from the shippings still pending.
 * - A shipping is delivered (deliveredAt) when its messages are stored and queued for the
 *   outbound sender, which sends them and records their acks.
 * - With confirmation, the run sends the confirmation request; the main message goes when the
 *   customer answers (confirmations.ts). The campaign is FINALIZADA when every shipping was done.
 */
import { randomUUID } from 'node:crypto';
import type { Job } from 'agenda';
import type { CampaignSettings } from '@atende/shared';
import type { Logger } from '../../platform/logger.js';
import type { JobRunner } from '../../platform/jobs.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { MessageService } from '../messages/service.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { buildAudience } from './audience.js';
import { createDelivery, fileListOf } from './delivery.js';
import { toCampaign, variantsOf } from './dto.js';
import { CampaignModel, CampaignShippingModel, type CampaignDoc, type CampaignShippingDoc } from './model.js';
import { campaignSettingsOf } from './settings.js';

export const CAMPAIGN_START_JOB = 'campaign-start';
export const CAMPAIGN_RUN_JOB = 'campaign-run';
export const CAMPAIGN_SWEEP_JOB = 'campaign-sweep';

/** Progress events at most this often per campaign (the report's live counters). */
const PROGRESS_EVERY_MS = 1_000;
/** Pauses are cut in slices this long: the status and the lease are looked at in between. */
const PAUSE_SLICE_MS = 500;
/** How often a run reads its campaign's status (a cancel) between messages. */
const STATUS_CHECK_MS = 250;

interface RunRef {
  companyId: string;
  campaignId: string;
}

export interface CampaignRunner {
  /** The start at scheduledAt (a stale job, of a schedule changed since, does nothing). */
  scheduleStart(doc: CampaignDoc): Promise<void>;
  /** A run of an EM_ANDAMENTO campaign, now. */
  run(doc: CampaignDoc): Promise<void>;
  /** Schedules the sweep (after the job runner started). */
  schedule(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCampaignRunner(deps: { realtime: RealtimePublisher; messages: MessageService; jobs: JobRunner; logger: Logger; leaseMs: number }): CampaignRunner {
  const { realtime, jobs, logger, leaseMs } = deps;
  const delivery = createDelivery(deps);

  function publish(action: 'update' | 'progress', doc: CampaignDoc): void {
    realtime.publish(String(doc.companyId), 'campaign', { action, record: toCampaign(doc) });
  }

  async function run(ref: RunRef, job?: Job<RunRef>): Promise<void> {
    const runnerId = randomUUID();
    const now = new Date();
    const claimed = await CampaignModel.findOneAndUpdate(
      { companyId: ref.companyId, _id: ref.campaignId, status: 'EM_ANDAMENTO', $or: [{ runnerUntil: null }, { runnerUntil: { $lt: now } }] },
      { $set: { runnerId, runnerUntil: new Date(now.getTime() + leaseMs) } },
      { returnDocument: 'after' },
    ).lean<CampaignDoc>();
    if (!claimed) return;
    let renewedAt = Date.now();
    let lostLease = false;

    let checked: { at: number; doc: CampaignDoc | null } = { at: 0, doc: null };
    /**
     * The campaign as it is now, the lease renewed; null when this run must stop. Read at most
     * every STATUS_CHECK_MS: with no interval, a cancel is still seen within a fraction of a second.
     */
    async function current(): Promise<CampaignDoc | null> {
      if (Date.now() - renewedAt > leaseMs / 3) {
        const renewed = await CampaignModel.updateOne({ companyId: ref.companyId, _id: ref.campaignId, runnerId }, { $set: { runnerUntil: new Date(Date.now() + leaseMs) } });
        renewedAt = Date.now();
        if (renewed.matchedCount === 0) lostLease = true;
        await job?.touch();
      }
      if (lostLease) return null;
      if (Date.now() - checked.at >= STATUS_CHECK_MS) {
        const doc = await CampaignModel.findOne({ companyId: ref.companyId, _id: ref.campaignId }).lean<CampaignDoc>();
        checked = { at: Date.now(), doc: doc?.status === 'EM_ANDAMENTO' && doc.runnerId === runnerId ? doc : null };
      }
      return checked.doc;
    }

    async function pause(seconds: number): Promise<boolean> {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        await sleep(Math.min(PAUSE_SLICE_MS, until - Date.now()));
        if (!(await current())) return false;
      }
      return true;
    }

    try {
      await work(claimed, current, pause);
    } finally {
      await CampaignModel.updateOne({ companyId: ref.companyId, _id: ref.campaignId, runnerId }, { $set: { runnerId: null, runnerUntil: null } });
    }
    // Cancelled and restarted while this run was finishing its step: the restart's run found the
    // lease taken and left, so this one hands over. (A run that failed is left to the sweep.)
    const after = await CampaignModel.findOne({ companyId: ref.companyId, _id: ref.campaignId }, { status: 1 }).lean<CampaignDoc>();
    if (after?.status === 'EM_ANDAMENTO' && !lostLease) await jobs.now(CAMPAIGN_RUN_JOB, ref);
  }

  async function work(first: CampaignDoc, current: () => Promise<CampaignDoc | null>, pause: (seconds: number) => Promise<boolean>): Promise<void> {
    const key = String(first._id);
    const filter = { companyId: first.companyId, campaignId: first._id };
    if (!(await WhatsappModel.exists({ companyId: first.companyId, _id: first.whatsappId }))) {
      // The connection was deleted: nothing can be sent; the campaign stops where it is.
      const cancelled = await CampaignModel.findOneAndUpdate({ ...{ companyId: first.companyId, _id: first._id }, status: 'EM_ANDAMENTO' }, { $set: { status: 'CANCELADA' } }, { returnDocument: 'after' }).lean<CampaignDoc>();
      if (cancelled) publish('update', cancelled);
      return;
    }
    if (!first.audienceBuilt) {
      if (!(await buildAudience(first, async () => Boolean(await current())))) return;
    }
    const settings: CampaignSettings = await campaignSettingsOf(String(first.companyId));
    const fileList = await fileListOf(first);
    // Delivered counts reach the campaign with the progress events (the report's pace), and once
    // more when the run ends; finish() recounts them from the shippings anyway.
    let unsaved = { delivered: 0, confirmationRequested: 0 };
    const flush = async (doc: CampaignDoc) => {
      if (unsaved.delivered + unsaved.confirmationRequested === 0) return publish('progress', doc);
      const inc = unsaved;
      unsaved = { delivered: 0, confirmationRequested: 0 };
      const updated = await CampaignModel.findOneAndUpdate({ companyId: doc.companyId, _id: doc._id }, { $inc: inc }, { returnDocument: 'after' }).lean<CampaignDoc>();
      if (updated) publish('progress', updated);
    };
    // Shippings left claimed by a run that died come first: their messages may be stored already.
    const leftovers = await CampaignShippingModel.find({ companyId: first.companyId, sendingKey: key }).lean<CampaignShippingDoc[]>();
    let sent = 0;
    let publishedAt = Date.now();
    let last = first;
    try {
      for (;;) {
        const campaign = await current();
        if (!campaign) return;
        last = campaign;
        if (Date.now() - publishedAt >= PROGRESS_EVERY_MS) {
          await flush(campaign);
          publishedAt = Date.now();
        }
        const leftover = leftovers.shift();
        const shipping =
          leftover ??
          (await CampaignShippingModel.findOneAndUpdate({ companyId: campaign.companyId, pendingKey: key }, { $set: { pendingKey: null, sendingKey: key, state: 'sending' } }, { returnDocument: 'after' }).lean<CampaignShippingDoc>());
        if (!shipping) break;
        if (sent > 0) {
          const longer = settings.longerIntervalAfter > 0 && sent % settings.longerIntervalAfter === 0;
          if (!(await pause(longer ? settings.greaterInterval : settings.messageInterval))) return;
        }
        const outcome = await deliver(campaign, shipping, settings, fileList, Boolean(leftover));
        if (outcome) unsaved[outcome] += 1;
        sent += 1;
      }
    } finally {
      await flush(last);
    }
    await finish(first, filter);
  }

  /** Sends the shipping's messages and marks it done; answers what to count, or null if another run did. */
  async function deliver(campaign: CampaignDoc, shipping: CampaignShippingDoc, settings: CampaignSettings, fileList: Awaited<ReturnType<typeof fileListOf>>, resumed: boolean): Promise<'delivered' | 'confirmationRequested' | null> {
    const key = String(campaign._id);
    const mine = { companyId: campaign.companyId, _id: shipping._id, sendingKey: key };
    if (campaign.confirmation && variantsOf(campaign, 'confirmationMessage').length > 0) {
      await delivery.sendConfirmationRequest(campaign, shipping, settings, resumed);
      const done = await CampaignShippingModel.updateOne(mine, {
        $set: { sendingKey: null, state: 'awaiting', confirmKey: `${String(campaign.whatsappId)}:${shipping.number}`, confirmationRequestedAt: new Date() },
      });
      return done.modifiedCount === 1 ? 'confirmationRequested' : null;
    }
    await delivery.sendMain(campaign, shipping, settings, fileList, { resumed });
    const done = await CampaignShippingModel.updateOne(mine, { $set: { sendingKey: null, state: 'delivered', deliveredAt: new Date() } });
    return done.modifiedCount === 1 ? 'delivered' : null;
  }

  /** Every shipping done: the counters are recounted once (a crash between two writes left them one short) and the campaign ends. */
  async function finish(first: CampaignDoc, filter: Record<string, unknown>): Promise<void> {
    const [delivered, confirmationRequested] = await Promise.all([
      CampaignShippingModel.countDocuments({ ...filter, state: 'delivered' }),
      CampaignShippingModel.countDocuments({ ...filter, confirmationRequestedAt: { $ne: null } }),
    ]);
    const ended = await CampaignModel.findOneAndUpdate(
      { companyId: first.companyId, _id: first._id, status: 'EM_ANDAMENTO' },
      { $set: { status: 'FINALIZADA', completedAt: new Date(), delivered, confirmationRequested } },
      { returnDocument: 'after' },
    ).lean<CampaignDoc>();
    if (ended) publish('update', ended);
  }

  async function start(data: RunRef & { scheduledAt: string }, job: Job<RunRef>): Promise<void> {
    const started = await CampaignModel.findOneAndUpdate(
      { companyId: data.companyId, _id: data.campaignId, status: 'PROGRAMADA', scheduledAt: new Date(data.scheduledAt) },
      { $set: { status: 'EM_ANDAMENTO' } },
      { returnDocument: 'after' },
    ).lean<CampaignDoc>();
    if (!started) return;
    publish('update', started);
    await run(data, job);
  }

  /** Campaigns whose run died with its node, and starts whose job was lost. */
  async function sweep(): Promise<void> {
    const now = new Date();
    const running = await CampaignModel.find({ status: 'EM_ANDAMENTO' }, { companyId: 1, runnerUntil: 1 }).setOptions({ crossTenant: true }).lean<CampaignDoc[]>();
    for (const doc of running) {
      if (!doc.runnerUntil || doc.runnerUntil < now) await jobs.now(CAMPAIGN_RUN_JOB, { companyId: String(doc.companyId), campaignId: String(doc._id) });
    }
    const scheduled = await CampaignModel.find({ status: 'PROGRAMADA' }, { companyId: 1, scheduledAt: 1 }).setOptions({ crossTenant: true }).lean<CampaignDoc[]>();
    for (const doc of scheduled) {
      if (doc.scheduledAt && doc.scheduledAt <= now) await jobs.now(CAMPAIGN_START_JOB, { companyId: String(doc.companyId), campaignId: String(doc._id), scheduledAt: doc.scheduledAt.toISOString() });
    }
  }

  jobs.define<RunRef>(CAMPAIGN_RUN_JOB, (data, job) => run(data, job));
  jobs.define<RunRef & { scheduledAt: string }>(CAMPAIGN_START_JOB, (data, job) => start(data, job as unknown as Job<RunRef>));
  jobs.define(CAMPAIGN_SWEEP_JOB, async () => {
    try {
      await sweep();
    } catch (err) {
      logger.warn({ err }, 'campaign sweep failed');
    }
  });

  return {
    async scheduleStart(doc) {
      const data = { companyId: String(doc.companyId), campaignId: String(doc._id), scheduledAt: doc.scheduledAt!.toISOString() };
      if (doc.scheduledAt!.getTime() <= Date.now()) await jobs.now(CAMPAIGN_START_JOB, data);
      else await jobs.schedule(doc.scheduledAt!, CAMPAIGN_START_JOB, data);
    },
    async run(doc) {
      await jobs.now(CAMPAIGN_RUN_JOB, { companyId: String(doc.companyId), campaignId: String(doc._id) });
    },
    schedule: () => jobs.every(leaseMs, CAMPAIGN_SWEEP_JOB),
  };
}
