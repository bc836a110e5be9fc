/**
 * atende connections qr: starts the session when it is not running, shows every new QR code as it
 * arrives on the `whatsappSession` channel (document 1 sections 4 and 7), and ends when the
 * session reports CONNECTED (exit 0), DISCONNECTED or the timeout (exit 4).
 */
import type { Whatsapp, WhatsappSessionEvent } from '@atende/shared';
import type { ApiClient, RealtimeClient, RealtimeEvent } from '@atende/shared/client';
import { connect } from '../support/client.js';
import type { Context } from '../support/context.js';
import { UsageError, WaitFailed } from '../support/errors.js';
import { nameLookup } from '../support/names.js';
import { eraseLines, print, printJsonLine } from '../support/output.js';

type Show = (connection: Whatsapp) => void;

/** JSON lines with --json (one per event, for scripts); otherwise the code drawn in the terminal. */
async function qrDisplay(ctx: Context): Promise<Show> {
  if (ctx.json) {
    return (connection) => printJsonLine({ event: 'qrcode', id: connection.id, qrcode: connection.qrcode, retries: connection.retries });
  }
  const { default: qrcode } = await import('qrcode-terminal');
  let drawnLines = 0;
  return (connection) => {
    qrcode.generate(connection.qrcode, { small: true }, (art) => {
      // On a terminal a new code replaces the previous one in place.
      eraseLines(drawnLines);
      const block = `${ctx.t('connections.scan', { name: connection.name, retries: connection.retries })}\n${art}\n`;
      print(block);
      drawnLines = block.split('\n').length - 1;
    });
  };
}

function waitForConnected(ctx: Context, api: ApiClient, realtime: RealtimeClient, id: string, seconds: number, show: Show): Promise<Whatsapp> {
  return new Promise<Whatsapp>((resolve, reject) => {
    let shownQr = '';
    let settled = false;
    const finish = (outcome: Whatsapp | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish(new WaitFailed(ctx.t('connections.qrTimeout', { seconds }))), seconds * 1000);
    const seen = (connection: Whatsapp) => {
      if (connection.id !== id) return;
      if (connection.status === 'CONNECTED') finish(connection);
      else if (connection.status === 'DISCONNECTED') finish(new WaitFailed(ctx.t('connections.qrDisconnected', { name: connection.name })));
      else if (connection.status === 'qrcode' && connection.qrcode && connection.qrcode !== shownQr) {
        shownQr = connection.qrcode;
        show(connection);
      }
    };
    (async () => {
      // Subscribed first, so no status change between the read and the subscription is missed.
      await realtime.subscribe<WhatsappSessionEvent & RealtimeEvent>('whatsappSession', (event) => seen(event.session));
      const current = await api.whatsapp.get(id);
      seen(current.status === 'DISCONNECTED' ? await api.whatsapp.startSession(id) : current);
    })().catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
  });
}

export async function showQr(ctx: Context, options: { timeout: string }, ref: string): Promise<void> {
  const seconds = Number(options.timeout);
  if (!Number.isInteger(seconds) || seconds < 1) throw new UsageError(ctx.t('errors.invalid', { option: '--timeout', reason: ctx.texts.validation('min', { limit: 1 }) }));
  const { server, api } = await connect(ctx);
  const id = await nameLookup(ctx, api).one('connection', ref);
  const [{ createRealtimeClient }, show] = await Promise.all([import('@atende/shared/client'), qrDisplay(ctx)]);
  const realtime = createRealtimeClient({ baseUrl: server, api });
  await realtime.connect();
  try {
    const connection = await waitForConnected(ctx, api, realtime, id, seconds, show);
    if (ctx.json) printJsonLine({ event: 'connected', connection });
    else print(`${ctx.t('connections.paired', { name: connection.name, number: connection.number || '-' })}\n`);
  } finally {
    await realtime.disconnect();
  }
}
