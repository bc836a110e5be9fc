/**
 * What crosses between nodes is JSON; dates and binary data (a customer's media) come back as
 * what they were, ObjectIds as their strings (every reader takes either).
 */
const DATE = '$atendeDate';
const BYTES = '$atendeBytes';

export function encode(value: unknown): string {
  return JSON.stringify(value, function replace(this: Record<string, unknown>, key, current: unknown) {
    // JSON.stringify has already turned a Date or a Buffer into its toJSON form: read the original.
    const original = this[key];
    if (original instanceof Date) return { [DATE]: original.toISOString() };
    if (Buffer.isBuffer(original)) return { [BYTES]: original.toString('base64') };
    return current;
  });
}

export function decode<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object') {
      const tagged = value as Record<string, unknown>;
      if (typeof tagged[DATE] === 'string') return new Date(tagged[DATE]);
      if (typeof tagged[BYTES] === 'string') return Buffer.from(tagged[BYTES], 'base64');
    }
    return value;
  }) as T;
}
