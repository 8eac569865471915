import { Activity, CalendarCheck, Clock, TriangleAlert } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { IncidentType, MachineDepartment, MachineStatus } from '#shared/enums.ts';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { StatCard } from '#client/components/ui/StatCard.tsx';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { distributionPoints, formatHours, machineUptime, trendPoints } from './analytics-figures.ts';
import { ChartCard } from './ChartCard.tsx';
import { DetailCard } from './DetailCard.tsx';
import { changeOf, periodNote, usePreviousFigures } from '#client/lib/period-changes.ts';
import { CostFigures } from './CostFigures.tsx';
import { DowntimeFigures } from './DowntimeFigures.tsx';
import { DistributionBar, DistributionPie, TrendLine } from './lazy-charts.ts';
import { OfflineFigures } from './OfflineFigures.tsx';
import { PeriodChoice, type AnalyticsPeriod } from './PeriodChoice.tsx';
import { useAnalytics } from './use-analytics.ts';

export function AnalyticsPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const navigate = useNavigate();
  const data = useAnalytics(days);
  const previous = usePreviousFigures(days);
  const isOnline = useIsOnline();
  const { summary, mttr, completion, actions } = data;
  const uptime = machineUptime(summary.machines);
  const period = periodNote(days);
  // Snapshots compare with the start of the period, period figures with the period before it.
  const sinceStart = `vs ${period} ago`;
  const sincePrevious = `vs previous ${period}`;
  const statuses = distributionPoints(data.statusDistribution);
  const departments = distributionPoints(data.departmentDistribution);
  const ticketTrends = trendPoints(data.ticketTrends);
  const incidentTypes = distributionPoints(data.incidentTypes);
  const incidentTrends = trendPoints(data.incidentTrends);
  const repairHours = formatHours(mttr.mttr);

  return (
    <>
      <PageHeader
        title="Analytics Dashboard"
        subtitle="Monitor performance metrics and trends"
        actions={<PeriodChoice days={days} onChange={setDays} />}
      />
      {!isOnline && <OfflineFigures loadedAt={data.loadedAt} />}
      <div className="space-y-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard
            label="Running now"
            hint="Machines running at this moment, of all machines"
            value={`${uptime}%`}
            change={changeOf(uptime, previous?.machines && machineUptime(previous.machines), ' pts')}
            changeNote={sinceStart}
            withArrow
            icon={Activity}
            iconClass="bg-emerald-50 text-emerald-700"
          />
          <StatCard
            label="Mean Time to Repair"
            value={`${repairHours}h`}
            change={mttr.totalResolvedTickets > 0 ? changeOf(mttr.mttr, previous?.mttr, 'h') : undefined}
            changeNote={sincePrevious}
            risingIsBad
            withArrow
            icon={Clock}
            iconClass="bg-brand-50 text-brand-700"
          />
          <StatCard
            label="Open Incidents"
            value={summary.incidents.open}
            change={changeOf(summary.incidents.open, previous?.openIncidents)}
            changeNote={sinceStart}
            risingIsBad
            withArrow
            icon={TriangleAlert}
            iconClass="bg-red-50 text-red-700"
          />
          <StatCard
            label="Maintenance Completion"
            value={`${completion.completionRate}%`}
            change={
              completion.total > 0 ? changeOf(completion.completionRate, previous?.completionRate, ' pts') : undefined
            }
            changeNote={sincePrevious}
            withArrow
            icon={CalendarCheck}
            iconClass="bg-amber-50 text-amber-700"
          />
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <ChartCard
            title="Machine Status Distribution"
            points={statuses}
            opens="Select a slice to list those machines."
          >
            <DistributionPie
              points={statuses}
              onSelect={({ label }) => void navigate({ to: '/machines', search: { status: label as MachineStatus } })}
            />
          </ChartCard>
          <ChartCard title="Machines by Department" points={departments} opens="Select a bar to list those machines.">
            <DistributionBar
              points={departments}
              onSelect={({ label }) =>
                void navigate({ to: '/machines', search: { department: label as MachineDepartment } })
              }
            />
          </ChartCard>
          <ChartCard title={`Ticket Trends (Last ${period}, by Month)`} points={ticketTrends}>
            <TrendLine name="Tickets" points={ticketTrends} />
          </ChartCard>
          <ChartCard
            title={`Incidents by Type (Last ${period})`}
            points={incidentTypes}
            opens="Select a bar to list every incident of that type."
          >
            <DistributionBar
              points={incidentTypes}
              onSelect={({ label }) => void navigate({ to: '/incidents', search: { type: label as IncidentType } })}
            />
          </ChartCard>
        </div>
        <ChartCard title={`Monthly Incident Trends (Last ${period})`} points={incidentTrends} height={400}>
          <TrendLine name="Incidents" points={incidentTrends} />
        </ChartCard>

        <DowntimeFigures days={days} />
        <CostFigures days={days} />

        <div className="grid gap-6 md:grid-cols-3">
          <DetailCard
            title="MTTR Details"
            rows={[
              ['Average Repair Time', `${repairHours} hours`],
              ['Resolved Tickets', mttr.totalResolvedTickets],
            ]}
          />
          <DetailCard
            title="Maintenance Performance"
            rows={[
              ['Completion Rate', `${completion.completionRate}%`],
              ['Completed Tasks', completion.completed],
              ['Total Tasks', completion.total],
            ]}
          />
          <DetailCard
            title="Safety Overview"
            rows={[
              ['Open Incidents', summary.incidents.open],
              ['Critical Incidents', summary.incidents.critical],
            ]}
          />
          <DetailCard
            title="Corrective Actions"
            rows={[
              ['Open', actions.open],
              ['Overdue', actions.overdue],
              ['Awaiting Verification', actions.done],
              ['Verified', actions.verified],
              ['Average Days to Close', actions.averageDaysToClose],
            ]}
          />
        </div>
      </div>
    </>
  );
}
