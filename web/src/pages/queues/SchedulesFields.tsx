/** The seven rows of weekly hours inside a form whose `schedules` field holds them (queue hours tab, company schedules tab). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { WEEKDAYS } from '@atende/shared';
import { FormRow, TextField } from '../../ui/form.js';
import { maskHour } from '../../ui/hourMask.js';

const DayName = styled.span`
  align-self: center;
  font-weight: 600;
`;

export default function SchedulesFields() {
  const { t } = useTranslation();
  return (
    <>
      {WEEKDAYS.map(({ weekdayEn }, index) => (
        <FormRow key={weekdayEn} data-weekday={weekdayEn}>
          <DayName>{t(`web.weekdays.${weekdayEn}`)}</DayName>
          <TextField name={`schedules.${index}.startTime`} label={t('web.backoffice.schedules.startTime')} parse={maskHour} inputMode="numeric" placeholder="08:00" />
          <TextField name={`schedules.${index}.endTime`} label={t('web.backoffice.schedules.endTime')} parse={maskHour} inputMode="numeric" placeholder="18:00" />
        </FormRow>
      ))}
    </>
  );
}
