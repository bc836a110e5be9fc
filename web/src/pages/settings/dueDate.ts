/**
 * Companies tab row colours (document 2 section 4): by whole days from today to the due date,
 * exactly 5 yellow, from -3 to 4 orange, exactly -4 red; otherwise none.
 */
import { daysInRange, utcDay } from '@atende/shared';

export type DueColor = 'yellow' | 'orange' | 'red' | null;

export function daysToDue(dueDate: string, now: Date = new Date()): number {
  return daysInRange(utcDay(now), utcDay(new Date(dueDate))) - 1;
}

export function dueColor(dueDate: string, now: Date = new Date()): DueColor {
  const days = daysToDue(dueDate, now);
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}
