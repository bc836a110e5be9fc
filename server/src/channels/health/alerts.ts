/**
 * Alerts of connections that stay down (issue 21): a sweep finds connections down longer than
 * the configured time (ATENDE_CONNECTION_ALERT_MS, default 5 minutes) and tells the company's
 * admins once per outage; when such a connection is back, a second alert says for how long it was
 * down and how many messages were recovered, sent once the replay has had time to land. Each alert
 * goes in-app (the admins-only `connectionAlert` channel), by e-mail to the company's admins where
 * e-mail is configured, and to the operator's webhook where one is set (through the outbound
 * module, which allows the operator's own address for these calls: platform/net).
 */
import { createI18n, type ConnectionAlert } from '@atende/shared';
import type { AlertConfig, Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail.js';
import type { Outbound } from '../../platform/net/outbound.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { UserModel } from '../../domains/users/model.js';
import { WhatsappModel, type WhatsappDoc } from '../../domains/whatsapp/model.js';
import { ConnectionHealthModel, type ConnectionHealthDoc } from '../../domains/whatsapp/healthModel.js';
import type { HealthRecorder } from './recorder.js';

const WEBHOOK_TIMEOUT_MS = 5_000;
/** The longest wait between a connection's return and its "back" alert (the replay lands meanwhile). */
const BACK_SETTLE_MAX_MS = 60_000;

export function createAlerts(deps: { config: Pick<Config, 'language' | 'timeZone'> & { alerts: AlertConfig }; logger: Logger; realtime: RealtimePublisher; mailer: Mailer; health: HealthRecorder; outbound: Outbound }) {
  const { config, logger, realtime, mailer, health } = deps;
  const { downMs, webhookUrl } = config.alerts;
  const outbound = webhookUrl ? deps.outbound.forOperatorAddress(webhookUrl) : deps.outbound;
  const settleMs = Math.min(downMs, BACK_SETTLE_MAX_MS);
  const texts = createI18n(config.language);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  function mailOf(alert: ConnectionAlert): { subject: string; text: string } {
    const t = texts.t.bind(texts);
    const status = t(`health.status.${alert.status}`);
    const reason = alert.reason ? t(`health.reasons.${alert.reason}`) : '';
    const since = new Date(alert.downSince).toLocaleString(config.language, { timeZone: config.timeZone });
    if (alert.action === 'down') {
      return { subject: t('health.alert.downSubject', { name: alert.name }), text: t('health.alert.downBody', { name: alert.name, since, status, reason }) };
    }
    return {
      subject: t('health.alert.upSubject', { name: alert.name }),
      text: t('health.alert.upBody', { name: alert.name, minutes: Math.max(1, Math.round(alert.downMs / 60_000)), recovered: alert.recovered }),
    };
  }

  async function email(alert: ConnectionAlert): Promise<void> {
    if (!(await mailer.configured())) return;
    const admins = await UserModel.find({ companyId: alert.companyId, profile: 'admin' }, { email: 1 }).lean<{ email: string }[]>();
    await mailer.send({ to: admins.map((admin) => admin.email), ...mailOf(alert) });
  }

  async function webhook(alert: ConnectionAlert): Promise<void> {
    if (!webhookUrl) return;
    const answer = await outbound.fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(alert) }, { timeoutMs: WEBHOOK_TIMEOUT_MS });
    await answer.body?.cancel().catch(() => undefined);
    if (!answer.ok) throw new Error(`the alert webhook answered ${answer.status}`);
  }

  /** Every way out; one failing does not stop the others. */
  async function deliver(alert: ConnectionAlert): Promise<void> {
    realtime.publish(alert.companyId, 'connectionAlert', { ...alert });
    logger.warn({ alert }, 'connection alert');
    const results = await Promise.allSettled([email(alert), webhook(alert)]);
    for (const result of results) if (result.status === 'rejected') logger.warn({ err: result.reason, whatsappId: alert.whatsappId }, 'a connection alert was not delivered');
  }

  function alertOf(action: ConnectionAlert['action'], doc: ConnectionHealthDoc, whatsapp: Pick<WhatsappDoc, 'name'>, downSince: Date, downMs: number, now: Date): ConnectionAlert {
    return {
      action,
      whatsappId: String(doc.whatsappId),
      companyId: String(doc.companyId),
      name: whatsapp.name,
      status: doc.status,
      reason: doc.reason,
      downSince: downSince.toISOString(),
      downMs,
      recovered: Math.max(0, doc.recovered - doc.recoveredAtDown),
      at: now.toISOString(),
    };
  }

  /**
   * Marks the alert as sent when its condition still holds (the status may have changed since
   * the sweep read it); answers the document as it was.
   */
  function claim(doc: ConnectionHealthDoc, condition: Record<string, unknown>, set: Record<string, unknown>): Promise<ConnectionHealthDoc | null> {
    const whatsappId = String(doc.whatsappId);
    return health.serial(whatsappId, () =>
      ConnectionHealthModel.findOneAndUpdate({ companyId: doc.companyId, whatsappId, ...condition }, { $set: set }, { returnDocument: 'before' }).lean<ConnectionHealthDoc>(),
    );
  }

  async function connectionOf(doc: ConnectionHealthDoc): Promise<WhatsappDoc | null> {
    return WhatsappModel.findOne({ companyId: doc.companyId, _id: doc.whatsappId }).lean<WhatsappDoc>();
  }

  async function sweepDown(now: Date): Promise<void> {
    const down = await ConnectionHealthModel.find({ down: true, downAlerted: false }).setOptions({ crossTenant: true }).lean<ConnectionHealthDoc[]>();
    for (const doc of down) {
      if (!doc.downSince || now.getTime() - doc.downSince.getTime() < downMs) continue;
      const whatsapp = await connectionOf(doc);
      const claimed = whatsapp ? await claim(doc, { down: true, downAlerted: false }, { downAlerted: true }) : null;
      if (!whatsapp || !claimed?.downSince) continue;
      await deliver(alertOf('down', claimed, whatsapp, claimed.downSince, now.getTime() - claimed.downSince.getTime(), now));
    }
  }

  async function sweepBack(now: Date): Promise<void> {
    const back = await ConnectionHealthModel.find({ backPending: true }).setOptions({ crossTenant: true }).lean<ConnectionHealthDoc[]>();
    for (const doc of back) {
      if (!doc.backAt || now.getTime() - doc.backAt.getTime() < settleMs) continue;
      const whatsapp = await connectionOf(doc);
      await health.flush(String(doc.whatsappId));
      const claimed = await claim(doc, { backPending: true }, { backPending: false });
      if (!whatsapp || !claimed?.backAt || !claimed.backDownSince) continue;
      await deliver(alertOf('up', claimed, whatsapp, claimed.backDownSince, claimed.backAt.getTime() - claimed.backDownSince.getTime(), now));
    }
  }

  async function sweep(): Promise<void> {
    const now = new Date();
    await sweepDown(now);
    await sweepBack(now);
  }

  return {
    sweep,
    start(): void {
      const every = Math.max(25, Math.min(15_000, Math.floor(downMs / 4)));
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweep()
          .catch((err: unknown) => logger.warn({ err }, 'connection alert sweep failed'))
          .finally(() => {
            sweeping = undefined;
          });
      }, every);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
