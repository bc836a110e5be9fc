/** Password reset by e-mail (document 3 section 7): public calls of the /forgetpsw page. */
import type { PasswordResetAvailability } from '../../domain/passwordReset.js';
import type { Http } from '../http.js';

export function passwordResetCalls(http: Http) {
  const part = encodeURIComponent;
  return {
    availability: () => http.anonymous<PasswordResetAvailability>('GET', '/forgetpassword'),
    request: (email: string) => http.anonymous<{ message: string }>('POST', `/forgetpassword/${part(email)}`),
    // In the body: a URL would carry the code and the password into logs and histories.
    reset: (email: string, token: string, newPassword: string) => http.anonymous<{ message: string }>('POST', '/resetpasswords', { body: { email, token, newPassword } }),
  };
}

export type PasswordResetCalls = ReturnType<typeof passwordResetCalls>;
