/**
 * The dashboard's two bar charts (document 1 section 2), each with its own date pickers: tickets
 * per user, and tickets per day (per hour when the range is one day), from the period the page's
 * first answer gave (the company's days). A chart says when it is loading (aria-busy): an empty
 * chart and one not loaded yet look alike otherwise. Failures show the userChartError /
 * dateChartError toasts.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { chartAxisStyles } from './chartAxes.js';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryTooltip } from 'victory';
import type { DashboardRange } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { DayInput } from '../../ui/DayInput.js';
import { formatDayMonth } from '../../ui/format.js';
import { useToast } from '../../ui/toast.js';

const Card = styled.section`
  flex: 1 1 420px;
  min-width: 0;
  padding: 12px;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  h2 {
    margin: 0 0 8px;
    font-size: 16px;
  }
`;

const Pickers = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  label {
    display: flex;
    flex-direction: column;
    font-size: 12px;
  }
`;

interface Bar {
  x: string;
  y: number;
}

function RangePickers({ range, onChange, name }: { range: DashboardRange; onChange(range: DashboardRange): void; name: string }) {
  const { t } = useTranslation();
  return (
    <Pickers>
      <label>
        {t('web.backoffice.dashboard.initialDate')}
        <DayInput name={`${name}-from`} value={range.from} onChange={(from) => onChange({ ...range, from })} />
      </label>
      <label>
        {t('web.backoffice.dashboard.finalDate')}
        <DayInput name={`${name}-to`} value={range.to} onChange={(to) => onChange({ ...range, to })} />
      </label>
    </Pickers>
  );
}

function BarChart({ bars, label, loading }: { bars: Bar[]; label: string; loading: boolean }) {
  const theme = useTheme();
  const { days, counts } = chartAxisStyles(bars.length, theme);
  return (
    <figure style={{ margin: 0 }} aria-label={label} aria-busy={loading} data-bars={bars.length} data-total={bars.reduce((sum, bar) => sum + bar.y, 0)}>
      <VictoryChart domainPadding={12} height={260} padding={{ top: 16, bottom: 56, left: 40, right: 16 }} containerComponent={<VictoryContainer title={label} />}>
        <VictoryAxis style={days} groupComponent={<g data-axis="days" />} />
        <VictoryAxis dependentAxis style={counts} groupComponent={<g data-axis="counts" />} tickFormat={(value: number) => (Number.isInteger(value) ? value : '')} />
        <VictoryBar
          data={bars}
          labels={({ datum }: { datum: Bar }) => `${datum.x}: ${datum.y}`}
          labelComponent={<VictoryTooltip flyoutStyle={{ fill: theme.paper, stroke: theme.border }} style={{ fill: theme.text, fontSize: 11 }} />}
          style={{ data: { fill: theme.accentFill } }}
        />
      </VictoryChart>
    </figure>
  );
}

function useChart(load: (range: DashboardRange) => Promise<Bar[]>, errorKey: string, initial: DashboardRange) {
  const toast = useToast();
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardRange>(initial);
  const [bars, setBars] = useState<Bar[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let active = true;
    if (!range.from || !range.to) return;
    setLoading(true);
    load(range)
      .then(
        (loaded) => active && setBars(loaded),
        () => active && toast.error(t(errorKey)),
      )
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [range, load, toast, t, errorKey]);
  return { range, setRange, bars, loading };
}

export default function Charts({ initial }: { initial: DashboardRange }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const loadUsers = useCallback(
    (range: DashboardRange) =>
      api.dashboard.ticketsUsers({ initialDate: range.from, finalDate: range.to }).then((answer) => answer.data.map((row) => ({ x: row.nome ?? t('web.backoffice.dashboard.unassigned'), y: row.quantidade }))),
    [api, t],
  );
  const loadDays = useCallback(
    (range: DashboardRange) =>
      api.dashboard.ticketsDay({ initialDate: range.from, finalDate: range.to }).then((answer) =>
        answer.by === 'hour' ? answer.data.map((row) => ({ x: row.horario, y: row.total })) : answer.data.map((row) => ({ x: formatDayMonth(`${row.data}T12:00:00`), y: row.total })),
      ),
    [api, t],
  );
  const users = useChart(loadUsers, 'web.backoffice.dashboard.userChartError', initial);
  const days = useChart(loadDays, 'web.backoffice.dashboard.dateChartError', initial);
  const total = days.bars.reduce((sum, bar) => sum + bar.y, 0);
  return (
    <>
      <Card>
        <h2>{t('web.backoffice.dashboard.ticketsPerUser')}</h2>
        <RangePickers name="users-chart" range={users.range} onChange={users.setRange} />
        <BarChart bars={users.bars} loading={users.loading} label={t('web.backoffice.dashboard.ticketsPerUser')} />
      </Card>
      <Card>
        <h2>{t('web.backoffice.dashboard.ticketsPerDay', { count: total })}</h2>
        <RangePickers name="days-chart" range={days.range} onChange={days.setRange} />
        <BarChart bars={days.bars} loading={days.loading} label={t('web.backoffice.dashboard.ticketsPerDay', { count: total })} />
      </Card>
    </>
  );
}
