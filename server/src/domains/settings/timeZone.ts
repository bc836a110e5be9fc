/**
 * A company's time zone: its own setting timeZone, else the operator's ATENDE_TIMEZONE (given at
 * start). Read from the settings cache, so the ticket writer asks it on every write for free. A
 * change of the setting is announced (after it is stored) to whoever keeps figures by day.
 */
import type { CompanyRef } from '../../platform/database/counters.js';
import { companySetting } from './service.js';

let operatorZone = 'UTC';

/** The operator's zone (config.timeZone), set once at start. */
export function setOperatorTimeZone(zone: string): void {
  operatorZone = zone;
}

export function operatorTimeZone(): string {
  return operatorZone;
}

export async function companyTimeZone(companyId: CompanyRef): Promise<string> {
  return (await companySetting(String(companyId), 'timeZone')) || operatorZone;
}

type ZoneListener = (companyId: string) => void;
const listeners = new Set<ZoneListener>();

/** Subscribes to changes of a company's zone; answers the unsubscribe. Listeners must not throw. */
export function onTimeZoneChanged(listener: ZoneListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceTimeZoneChanged(companyId: string): void {
  for (const listener of listeners) listener(companyId);
}
