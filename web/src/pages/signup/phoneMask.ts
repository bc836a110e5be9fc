import { SIGNUP_PHONE_MAX_DIGITS } from '@atende/shared';

/**
 * The sign-up phone mask (99) 99999-9999 (document 1 section 5): digits only, at most 11,
 * formatted as they are typed.
 */
export function maskPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, SIGNUP_PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 2);
  const first = digits.slice(2, 7);
  const last = digits.slice(7);
  if (digits.length <= 2) return `(${area}`;
  if (digits.length <= 7) return `(${area}) ${first}`;
  return `(${area}) ${first}-${last}`;
}
