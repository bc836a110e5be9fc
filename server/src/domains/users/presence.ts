/**
 * Who is online (issue 23, document 1's `userStatus`): a user is online while one of their sockets
 * is open or their last heartbeat is younger than two intervals. The clients send the heartbeat over
 * their socket every interval; a sweep takes the flag away from those who stopped. Every change is
 * announced on the `user` channel, so the dashboard and the users list follow it.
 */
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { Logger } from '../../platform/logger.js';
import { setSocketHooks, type RealtimePublisher } from '../../platform/realtime.js';
import { toUser } from './dto.js';
import { UserModel, type UserDoc } from './model.js';

/** Sets the flag when it differs, and says so on the `user` channel (a repeated value changes nothing). */
export async function setOnline(realtime: RealtimePublisher, companyId: string, userId: string, online: boolean, extra: Record<string, unknown> = {}): Promise<void> {
  // Presence is no edit of the user: updatedAt stays.
  const flipped = await UserModel.findOneAndUpdate({ _id: userId, companyId, online: !online, ...extra }, { $set: { online } }, { returnDocument: 'after', timestamps: false }).lean<UserDoc>();
  if (flipped) realtime.publish(companyId, 'user', { action: 'update', user: toUser(flipped) });
}

export function startPresence(deps: { realtime: RealtimePublisher; logger: Logger; intervalMs: number }): { stop(): void } {
  const { realtime, logger, intervalMs } = deps;
  /** Open sockets per user on this node (a node's own sockets; other nodes' clients keep their heartbeats fresh). */
  const sockets = new Map<string, number>();

  async function heartbeat(who: Pick<AuthCredentials, 'userId' | 'companyId'>): Promise<void> {
    await UserModel.updateOne({ _id: who.userId, companyId: who.companyId }, { $set: { lastSeenAt: new Date() } }, { timestamps: false });
    await setOnline(realtime, who.companyId, who.userId, true);
  }

  async function sweep(): Promise<void> {
    const stale = new Date(Date.now() - 2 * intervalMs);
    const silent = await UserModel.find({ online: true, $or: [{ lastSeenAt: { $lt: stale } }, { lastSeenAt: null }] }, { companyId: 1 })
      .setOptions({ crossTenant: true })
      .lean<Pick<UserDoc, '_id' | 'companyId'>[]>();
    for (const user of silent) {
      const who = { userId: String(user._id), companyId: String(user.companyId) };
      if ((sockets.get(who.userId) ?? 0) > 0) await heartbeat(who);
      // Only if no heartbeat came meanwhile.
      else await setOnline(realtime, who.companyId, who.userId, false, { $or: [{ lastSeenAt: { $lt: stale } }, { lastSeenAt: null }] });
    }
  }

  const run = (work: Promise<unknown>) => work.catch((err: unknown) => logger.error({ err }, 'presence update failed'));
  setSocketHooks({
    opened(credentials) {
      sockets.set(credentials.userId, (sockets.get(credentials.userId) ?? 0) + 1);
      void run(heartbeat(credentials));
    },
    closed(credentials) {
      const left = (sockets.get(credentials.userId) ?? 1) - 1;
      if (left > 0) sockets.set(credentials.userId, left);
      else sockets.delete(credentials.userId);
    },
    async message(credentials, message) {
      if ((message as { type?: unknown } | null)?.type !== 'userStatus') return { ok: false };
      await heartbeat(credentials);
      return { ok: true };
    },
  });
  const timer = setInterval(() => void run(sweep()), Math.max(50, Math.floor(intervalMs / 2)));
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
