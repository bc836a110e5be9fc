/**
 * / (document 1 section 2): six counters, the filter (per date or per period), the attendants
 * table with rating stars, and the two charts. Ticket and message events refresh the counters.
 * Days are the company's time zone's: the first answer (the server's default period, first of the
 * month to today there) fills the dates of the filter and of the charts; dates are typed in the
 * language's format.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DASHBOARD_PERIODS, type DashboardAnswer, type DashboardPeriod, type DashboardRange, type UserEvent } from '@atende/shared';
import type { DashboardQuery } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Spinner } from '../../ui/controls.js';
import { DayInput } from '../../ui/DayInput.js';
import { formatNumber } from '../../ui/format.js';
import { FieldBox } from '../../ui/form.js';
import { PageFrame, PageHeader, Table } from '../../ui/Page.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useDebounced } from '../../ui/useDebounced.js';
import { dashboardQuery, initialFilter, type DashboardFilterForm, type FilterType } from './filters.js';

const Charts = lazy(() => import('./Charts.js'));

/** Ticket events come in bursts (a message moves several): the counters reload once it settles. */
const REFRESH_AFTER_MS = 1_000;
const RATING_MAX = 3;

const Scroll = styled.div`
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: 12px;
`;

const Counter = styled.div`
  padding: 14px;
  border-radius: 8px;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  span {
    font-size: 12px;
    color: ${({ theme }) => theme.textSecondary};
  }
  strong {
    display: block;
    font-size: 26px;
  }
`;

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 0 12px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
`;

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span aria-label={`${formatNumber(rating)}/${RATING_MAX}`} data-rating={rating}>
      {Array.from({ length: RATING_MAX }, (_, index) => (index < full ? '★' : '☆')).join('')}
    </span>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useToast();
  const showError = useErrorToast();
  const [form, setForm] = useState<DashboardFilterForm>(() => ({ ...initialFilter(), dateFrom: '', dateTo: '' }));
  // Nothing sent: the server's default period, in the company's days.
  const [query, setQuery] = useState<DashboardQuery | null>({});
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);
  const [firstPeriod, setFirstPeriod] = useState<DashboardRange | null>(null);
  const [ticketChanges, setTicketChanges] = useState(0);
  const settledChanges = useDebounced(ticketChanges, REFRESH_AFTER_MS);

  const load = useCallback(
    (current: DashboardQuery) =>
      api.dashboard.get(current).then((loaded) => {
        setAnswer(loaded);
        setFirstPeriod((known) => known ?? loaded.period);
        setForm((known) => (known.dateFrom || known.dateTo ? known : { ...known, dateFrom: loaded.period.from, dateTo: loaded.period.to }));
      }, showError),
    [api, showError],
  );

  useEffect(() => {
    if (query) void load(query);
  }, [query, load, settledChanges]);

  // A customer's first message creates its ticket and arrives on appMessage only.
  const countChange = () => setTicketChanges((count) => count + 1);
  useChannel('ticket', countChange);
  useChannel('appMessage', countChange);
  // Presence: an attendant going on or off line shows at once.
  useChannel<UserEvent>('user', (event) => {
    if (event.action !== 'update') return;
    setAnswer((current) =>
      current ? { ...current, attendants: current.attendants.map((attendant) => (attendant.id === event.user.id ? { ...attendant, online: event.user.online } : attendant)) } : current,
    );
  });

  const filter = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const next = dashboardQuery(form);
    if (!next) toast.error(t('web.backoffice.dashboard.selectFilter'));
    else setQuery({ ...next });
  };

  const counters = answer?.counters;
  const cards: [string, string | number | undefined][] = [
    ['supportHappening', counters?.supportHappening],
    ['supportPending', counters?.supportPending],
    ['supportFinished', counters?.supportFinished],
    ['leads', counters?.leads],
    ['avgSupportTime', counters ? t('web.backoffice.dashboard.minutes', { value: formatNumber(counters.avgSupportTime) }) : undefined],
    ['avgWaitTime', counters ? t('web.backoffice.dashboard.minutes', { value: formatNumber(counters.avgWaitTime) }) : undefined],
  ];

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.dashboard')} />
      <Scroll>
        <Filters onSubmit={filter} aria-label={t('web.backoffice.dashboard.filter')}>
          <FieldBox>
            <label htmlFor="dashboard-filter-type">{t('web.backoffice.dashboard.filterType')}</label>
            <select id="dashboard-filter-type" name="filterType" value={form.filterType} onChange={(event) => setForm({ ...form, filterType: Number(event.target.value) as FilterType })}>
              <option value={1}>{t('web.backoffice.dashboard.perDate')}</option>
              <option value={2}>{t('web.backoffice.dashboard.perPeriod')}</option>
            </select>
          </FieldBox>
          {form.filterType === 1 ? (
            <>
              <FieldBox>
                <label htmlFor="dashboard-from">{t('web.backoffice.dashboard.initialDate')}</label>
                <DayInput id="dashboard-from" name="dateFrom" value={form.dateFrom} onChange={(dateFrom) => setForm({ ...form, dateFrom })} />
              </FieldBox>
              <FieldBox>
                <label htmlFor="dashboard-to">{t('web.backoffice.dashboard.finalDate')}</label>
                <DayInput id="dashboard-to" name="dateTo" value={form.dateTo} onChange={(dateTo) => setForm({ ...form, dateTo })} />
              </FieldBox>
            </>
          ) : (
            <FieldBox>
              <label htmlFor="dashboard-period">{t('web.backoffice.dashboard.period')}</label>
              <select id="dashboard-period" name="period" value={form.period} onChange={(event) => setForm({ ...form, period: Number(event.target.value) as DashboardPeriod })}>
                {DASHBOARD_PERIODS.map((days) => (
                  <option key={days} value={days}>
                    {days === 0 ? t('web.backoffice.dashboard.noPeriod') : t('web.backoffice.dashboard.lastDays', { count: days })}
                  </option>
                ))}
              </select>
            </FieldBox>
          )}
          <FieldBox>
            <Button type="submit">{t('web.backoffice.dashboard.filter')}</Button>
          </FieldBox>
        </Filters>
        <Cards>
          {cards.map(([key, value]) => (
            <Counter key={key} data-counter={key}>
              <span>{t(`web.backoffice.dashboard.counters.${key}`)}</span>
              <strong>{value ?? <Spinner />}</strong>
            </Counter>
          ))}
        </Cards>
        <Table aria-label={t('web.backoffice.dashboard.attendants')}>
          <thead>
            <tr>
              <th>{t('web.backoffice.dashboard.attendantName')}</th>
              <th>{t('web.backoffice.dashboard.rating')}</th>
              <th>{t('web.backoffice.dashboard.counters.avgSupportTime')}</th>
              <th>{t('web.backoffice.dashboard.status')}</th>
            </tr>
          </thead>
          <tbody>
            {(answer?.attendants ?? []).map((attendant) => (
              <tr key={attendant.id} data-attendant={attendant.name}>
                <td>{attendant.name}</td>
                <td>
                  <Stars rating={attendant.rating} />
                </td>
                <td>{t('web.backoffice.dashboard.minutes', { value: formatNumber(attendant.avgSupportTime) })}</td>
                <td>{attendant.online ? t('web.backoffice.dashboard.online') : t('web.backoffice.dashboard.offline')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Row>
          <Suspense fallback={<Spinner $size={24} />}>{firstPeriod ? <Charts initial={firstPeriod} /> : <Spinner $size={24} />}</Suspense>
        </Row>
      </Scroll>
    </PageFrame>
  );
}
