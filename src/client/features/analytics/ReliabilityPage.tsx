import { useState } from 'react';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { CostFigures } from './CostFigures.tsx';
import { DowntimeFigures } from './DowntimeFigures.tsx';
import { FailureModeFigures } from './FailureModeFigures.tsx';
import { PeriodChoice, type AnalyticsPeriod } from './PeriodChoice.tsx';

/**
 * Availability, MTBF, the downtime Pareto and the failure modes for the maintenance engineers, opened
 * from the Machines screen.
 */
export function ReliabilityPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  return (
    <>
      <PageHeader
        title="Reliability"
        subtitle="Availability, MTBF, downtime and failure modes of the machines"
        actions={<PeriodChoice days={days} onChange={setDays} />}
      />
      <div className="space-y-6">
        <DowntimeFigures days={days} />
        <FailureModeFigures days={days} />
        <CostFigures days={days} />
      </div>
    </>
  );
}
