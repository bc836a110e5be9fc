/** Password reset by e-mail (document 3: /forgetpsw, POST /forgetpassword, POST /resetpasswords). */

/** The code e-mailed: six digits, valid for 15 minutes, for one use, and five wrong tries at most. */
export const RESET_CODE_DIGITS = 6;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_TRIES = 5;
/** Codes asked for one e-mail, or from one address, within RESET_REQUEST_WINDOW_S. */
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUEST_WINDOW_S = 15 * 60;
/** The new password: at least 8 characters with a digit, a lower-case and an upper-case letter (document 3 section 5). */
export const RESET_PASSWORD_MIN = 8;

/** GET /forgetpassword: whether this server can e-mail a code at all. */
export interface PasswordResetAvailability {
  configured: boolean;
}
