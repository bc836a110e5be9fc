/**
 * Text from outside (customers' messages and names, colleagues' names, the server's answers) as a
 * terminal may be given it: a customer's escape sequences must not rename the operator's
 * terminal, clear the screen or rewrite what is shown. Whole escape sequences go (CSI, OSC, DCS
 * and the other string sequences, two-character ESC sequences, and their C1 forms), then every
 * other C0 and C1 control but line feed and tab (a carriage return rewrites the line), and the
 * bidirectional controls (they reorder what follows on the line). The terminal inbox drops the
 * same controls per grapheme; the CLI prints everything through `terminalSafe`.
 */

/** C0 and C1 controls but tab and line feed, and the bidirectional controls. */
export const TERMINAL_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

const ST = '(?:\\u0007|\\u001b\\\\|\\u009c)';
const ESCAPE_SEQUENCES = new RegExp(
  [
    // CSI: ESC [ (or C1 CSI) parameters, intermediates, final byte.
    '(?:\\u001b\\[|\\u009b)[0-?]*[ -/]*[@-~]',
    // OSC, DCS, SOS, PM, APC (ESC or C1 form): up to the string terminator, or the end of the text.
    `(?:\\u001b[\\]PX^_]|[\\u009d\\u0090\\u0098\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*${ST}?`,
    // Any other ESC sequence: intermediates and a final byte.
    '\\u001b[ -/]*[0-~]',
  ].join('|'),
  'g',
);

/** The text without escape sequences and controls; line feeds and tabs are kept. */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(ESCAPE_SEQUENCES, '').replace(TERMINAL_CONTROLS, '');
}

/** Characters JSON.stringify leaves as they are that a terminal would act on. */
const JSON_UNSAFE = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/**
 * The value as JSON a terminal may print: JSON.stringify escapes C0 controls itself, and these
 * others are written as \u escapes too, so the document stays the same value.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value ?? null, null, indent).replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
