/** Business constants and limits (document 1 section 9, document 2 section 9). */

export const APP_VERSION = '8.0.1';

export const TRIAL_DAYS = 3;
export const SUBSCRIPTION_WARNING_DAYS = 5;

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
export const PHONE_MIN = 8;
export const PHONE_MAX = 50;
/** Sign-up phone: digits of the (99) 99999-9999 mask. */
export const SIGNUP_PHONE_MAX_DIGITS = 11;
/** Bounds the spec does not give for a company's billing name and address. */
export const COMPANY_BILLING_NAME_MAX = 200;
export const COMPANY_BILLING_ADDRESS_MAX = 500;

/** Page size of paginated lists: the spec does not show one; 20 is what the anchors use. */
export const PAGE_SIZE = 20;

export const REALTIME_PING_MS = 18_000;
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const TOAST_MS = 2_000;
export const RELOAD_DELAY_MS = 1_000;
/** Redirects after a successful action wait as long as the reloads (document 1 section 9). */
export const REDIRECT_DELAY_MS = RELOAD_DELAY_MS;
/** Forms submit after this pause (document 1 section 9; document 2 section 9 for the slower ones). */
export const FORM_SUBMIT_DELAY_MS = 400;
/** Settings, companies, plans and helps forms. */
export const FORM_SUBMIT_DELAY_SLOW_MS = 500;

/** Default hours of a company or queue schedule row (document 2 section 9). */
export const DEFAULT_SCHEDULE_HOURS: Record<string, { startTime: string; endTime: string }> = {
  monday: { startTime: '08:00', endTime: '18:00' },
  tuesday: { startTime: '08:00', endTime: '18:00' },
  wednesday: { startTime: '08:00', endTime: '18:00' },
  thursday: { startTime: '08:00', endTime: '18:00' },
  friday: { startTime: '08:00', endTime: '18:00' },
  saturday: { startTime: '08:00', endTime: '12:00' },
  sunday: { startTime: '00:00', endTime: '00:00' },
};
