import { useState } from 'react';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { DowntimeFigures } from './DowntimeFigures.tsx';
import { PeriodChoice, type AnalyticsPeriod } from './PeriodChoice.tsx';

/** Availability, MTBF and the downtime Pareto for the maintenance engineers, opened from the Machines screen. */
export function ReliabilityPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  return (
    <>
      <PageHeader
        title="Reliability"
        subtitle="Availability, MTBF and downtime of the machines"
        actions={<PeriodChoice days={days} onChange={setDays} />}
      />
      <div className="space-y-6">
        <DowntimeFigures days={days} />
      </div>
    </>
  );
}
