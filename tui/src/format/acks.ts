/**
 * Delivery marks of our messages (document 1 section 3): 0 waiting, 1 sent ✓, 2 delivered ✓✓,
 * 3 read and 4/5 played ✓✓ highlighted.
 */
export interface AckMark {
  symbol: string;
  /** Shown highlighted: the customer read (or played) it. */
  read: boolean;
}

const READ_ACK = 3;

export function ackMark(ack: number): AckMark {
  if (ack <= 0) return { symbol: '◷', read: false };
  if (ack === 1) return { symbol: '✓', read: false };
  return { symbol: '✓✓', read: ack >= READ_ACK };
}
