/**
 * Regular expressions users write (a flow condition of type regex): the server runs them on a
 * linear-time engine (RE2's syntax: no back-references, no look-arounds), with these bounds.
 */

/** The longest pattern stored. */
export const USER_PATTERN_MAX = 200;
/** Longer texts are not tried against a pattern (the condition is false). */
export const USER_PATTERN_SUBJECT_MAX = 1000;
/**
 * The largest compiled program accepted (RE2's instructions): matching costs text length times
 * program size, so `.{300}` or `(.{30}){30}` are refused while the patterns people write to
 * recognise an answer (an e-mail, a CPF, "sim|s|yes": 10 to 50 instructions) stay far below.
 */
export const USER_PATTERN_PROGRAM_MAX = 200;
