/**
 * The SMTP server the platform e-mails through: the super user's settings (password sealed), else
 * the environment's ATENDE_SMTP_URL. One document, read at every send.
 */
import type { Types } from 'mongoose';
import { SMTP_DEFAULT_PORT, type MailSettings } from '@atende/shared';
import type { MailConfig } from '../../platform/config.js';
import { platformModel } from '../../platform/database/models.js';
import type { MailRoute } from '../../platform/mail.js';
import type { Sealer } from '../../platform/sealing.js';

interface MailSettingDoc {
  _id: Types.ObjectId;
  /** Always 'smtp': one document. */
  key: string;
  host: string;
  port: number;
  user: string;
  sealedPassword: string | null;
  from: string;
  secure: boolean;
}

const MailSettingModel = platformModel<MailSettingDoc>('MailSetting', {
  key: { type: String, required: true, unique: true },
  host: { type: String, required: true },
  port: { type: Number, default: SMTP_DEFAULT_PORT },
  user: { type: String, default: '' },
  sealedPassword: { type: String, default: null },
  from: { type: String, default: '' },
  secure: { type: Boolean, default: false },
});

const KEY = 'smtp';

export interface MailSettingsInput {
  host: string;
  port: number;
  user: string;
  password?: string;
  from: string;
  secure: boolean;
}

export function createMailSettings(environment: MailConfig | null, sealer: Sealer) {
  const stored = () => MailSettingModel.findOne({ key: KEY }).lean<MailSettingDoc>();

  function view(doc: MailSettingDoc | null): MailSettings {
    return {
      host: doc?.host ?? '',
      port: doc?.port ?? SMTP_DEFAULT_PORT,
      user: doc?.user ?? '',
      from: doc?.from ?? '',
      secure: doc?.secure ?? false,
      passwordSet: Boolean(doc?.sealedPassword),
      source: doc ? 'settings' : environment ? 'environment' : null,
    };
  }

  return {
    async get(): Promise<MailSettings> {
      return view(await stored());
    },

    async set(input: MailSettingsInput): Promise<MailSettings> {
      if (!input.host) {
        await MailSettingModel.deleteOne({ key: KEY });
        return view(null);
      }
      const set: Record<string, unknown> = { host: input.host, port: input.port, user: input.user, from: input.from, secure: input.secure };
      if (input.password !== undefined) set.sealedPassword = input.password ? sealer.seal(input.password) : null;
      const doc = await MailSettingModel.findOneAndUpdate({ key: KEY }, { $set: set, $setOnInsert: { key: KEY } }, { upsert: true, returnDocument: 'after' }).lean<MailSettingDoc>();
      return view(doc);
    },

    /** Where mail goes now (the mailer asks at every send). */
    async route(): Promise<MailRoute | null> {
      const doc = await stored();
      if (!doc) return environment ? { transport: environment.smtpUrl, from: environment.from } : null;
      const password = doc.sealedPassword ? sealer.open(doc.sealedPassword) : null;
      return {
        transport: {
          host: doc.host,
          port: doc.port,
          secure: doc.secure,
          ...(doc.user ? { auth: { user: doc.user, pass: password ?? '' } } : {}),
        },
        from: doc.from || environment?.from || `Atende <no-reply@${doc.host}>`,
      };
    },
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettings>;
