import { Suspense, type ReactNode } from 'react';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { describePoints, type ChartPoint } from './analytics-figures.ts';

interface ChartCardProps {
  title: string;
  points: ChartPoint[];
  /** Spec: 300px, 400px for the monthly incident trends. */
  height?: number;
  /** The chart opens records: says how, under the chart. */
  opens?: string;
  children: ReactNode;
}

/** A chart under its title; screen readers get the figures as text. */
export function ChartCard({ title, points, height = 300, opens, children }: ChartCardProps) {
  return (
    <Panel title={title}>
      <div
        role="img"
        aria-label={`${title}: ${describePoints(points)}`}
        style={{ height }}
        className={opens ? '[&_path]:cursor-pointer [&_rect]:cursor-pointer' : undefined}
      >
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner label="Loading chart..." />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
      {opens && <p className="mt-2 text-xs text-slate-500">{opens}</p>}
    </Panel>
  );
}
