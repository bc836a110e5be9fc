/**
 * Company setting keys (document 1 section 3, document 2 section 3) with the default every
 * company is seeded with. scheduleType also accepts "disabled": until an admin picks company or
 * queue hours, no out-of-hours rule applies (the spec names only the two active values).
 */
export const SETTING_DEFAULTS = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  chatBotType: 'text',
  asaas: 'disabled',
  campaignsEnabled: 'enabled',
  /** The AI prompts' default OpenAI-compatible endpoint ('' for the operator's, ATENDE_OPENAI_BASE_URL). */
  openAiBaseUrl: '',
  /** The company's IANA time zone ('' for the operator's, ATENDE_TIMEZONE): office hours, greetings, the dashboard's days and hours. */
  timeZone: '',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

/** Settings holding free text (not a choice): edited where they apply (the prompts page), not among the options. */
export const TEXT_SETTING_KEYS: readonly SettingKey[] = ['openAiBaseUrl'];

export const TOGGLE_VALUES = ['enabled', 'disabled'] as const;
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company'] as const;

/**
 * Platform-wide settings, held once for the whole installation and changed by super users only.
 * userCreation: public sign-up allowed (ERR_USER_CREATION_DISABLED when not).
 */
export const PLATFORM_SETTING_DEFAULTS = {
  userCreation: 'enabled',
} as const;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_DEFAULTS;
export const PLATFORM_SETTING_KEYS = Object.keys(PLATFORM_SETTING_DEFAULTS) as PlatformSettingKey[];
