import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { CircleCheck, ClipboardList, Factory, OctagonAlert } from 'lucide-react';
import { machineStatuses, ticketStatuses } from '#shared/enums.ts';
import {
  Badge,
  machineStatusTone,
  priorityTone,
  severityTone,
  ticketStatusTone,
} from '#client/components/ui/Badge.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { readDashboard, type DashboardData } from './dashboard-data.ts';
import { Panel } from '#client/components/ui/Panel.tsx';
import { QuickActions } from './QuickActions.tsx';
import { recentLinkClass, RecentList, RecentRow } from './RecentList.tsx';
import { StatCard } from '#client/components/ui/StatCard.tsx';
import { StatusDistribution } from './StatusDistribution.tsx';
import { changeOf, usePreviousFigures } from '#client/lib/period-changes.ts';

const changeDays = 30;

const machineCounts = ({ running, down, maintenance, idle }: DashboardData['machines']) => ({
  Running: running,
  Down: down,
  Maintenance: maintenance,
  Idle: idle,
});

const viewAll = 'flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50';

/**
 * `assigned`: the maintenance assigned to the user, from the maintenance feature; `handover`: the
 * department's last shift handover, from the handovers feature (the route puts them in).
 */
export function DashboardPage({ assigned, handover }: { assigned?: ReactNode; handover?: ReactNode }) {
  const user = useSignedInUser();
  const data = useLiveQuery(async () => await readDashboard(localDb), []);
  const machines = data?.machines;
  // The cards count the records on this device; their changes compare with the server's figures of 30 days ago.
  const previous = usePreviousFigures(changeDays);
  const changeNote = `vs ${changeDays} days ago`;

  return (
    <>
      <PageHeader title="Dashboard" />
      <div className="space-y-6">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard
            label="Total Machines"
            value={machines?.total}
            change={changeOf(machines?.total, previous?.machines?.total)}
            changeNote={changeNote}
            icon={Factory}
            iconClass="bg-brand-50 text-brand-700"
          />
          <StatCard
            label="Running Machines"
            value={machines?.running}
            change={changeOf(machines?.running, previous?.machines?.running)}
            changeNote={changeNote}
            icon={CircleCheck}
            iconClass="bg-emerald-50 text-emerald-700"
          />
          <StatCard
            label="Down Machines"
            value={machines?.down}
            change={changeOf(machines?.down, previous?.machines?.down)}
            changeNote={changeNote}
            risingIsBad
            icon={OctagonAlert}
            iconClass="bg-red-50 text-red-700"
          />
          <StatCard
            label="Open Tickets"
            value={data?.openTickets}
            change={changeOf(data?.openTickets, previous?.openTickets)}
            changeNote={changeNote}
            risingIsBad
            icon={ClipboardList}
            iconClass="bg-amber-50 text-amber-700"
          />
        </div>

        <div className="grid gap-6 lg:grid-cols-2 2xl:grid-cols-3">
          <Panel title="Machine Status Distribution">
            <StatusDistribution
              statuses={machineStatuses}
              counts={machines && machineCounts(machines)}
              tone={machineStatusTone}
              list="/machines"
            />
          </Panel>
          <Panel title="Tickets by Status">
            <StatusDistribution
              statuses={ticketStatuses}
              counts={data?.ticketsByStatus}
              tone={ticketStatusTone}
              list="/tickets"
            />
          </Panel>
          <Panel title="Quick Actions">
            <QuickActions role={user.role} />
          </Panel>
          {handover}
        </div>

        {assigned}

        <div className="grid gap-6 lg:grid-cols-2">
          <Panel
            title="Recent Tickets"
            action={
              <Link to="/tickets" className={viewAll}>
                View all
              </Link>
            }
          >
            <RecentList items={data?.recentTickets} empty="No tickets yet">
              {(ticket) => (
                <li key={ticket._id}>
                  <Link to="/tickets" search={{ ticket: ticket._id }} className={recentLinkClass}>
                    <RecentRow
                      title={ticket.title}
                      detail={ticket.machine?.name ?? 'No machine'}
                      pending={ticket._pending}
                      badge={<Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>}
                    />
                  </Link>
                </li>
              )}
            </RecentList>
          </Panel>
          <Panel
            title="Recent Incidents"
            action={
              <Link to="/incidents" className={viewAll}>
                View all
              </Link>
            }
          >
            <RecentList items={data?.recentIncidents} empty="No incidents yet">
              {(incident) => (
                <li key={incident._id}>
                  <Link to="/incidents" search={{ incident: incident._id }} className={recentLinkClass}>
                    <RecentRow
                      title={incident.title}
                      detail={incident.type}
                      pending={incident._pending}
                      badge={<Badge tone={severityTone[incident.severity]}>{incident.severity}</Badge>}
                    />
                  </Link>
                </li>
              )}
            </RecentList>
          </Panel>
        </div>
      </div>
    </>
  );
}
