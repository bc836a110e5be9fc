/** Weekly hours of a queue or a company (document 2 sections 3 and 9): always seven rows, Monday first. */
import { DEFAULT_SCHEDULE_HOURS, WEEKDAYS, type ScheduleRow } from '@atende/shared';

/** The stored rows completed to the seven days, each missing day with its default hours. */
export function weekSchedules(stored: ScheduleRow[] | undefined): ScheduleRow[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }) => {
    const row = stored?.find((candidate) => candidate.weekdayEn === weekdayEn);
    const hours = DEFAULT_SCHEDULE_HOURS[weekdayEn] ?? { startTime: '', endTime: '' };
    return { weekday, weekdayEn, startTime: row?.startTime ?? hours.startTime, endTime: row?.endTime ?? hours.endTime };
  });
}
