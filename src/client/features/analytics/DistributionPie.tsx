import { ResponsivePie } from '@nivo/pie';
import type { ChartPoint } from './analytics-figures.ts';
import { chartTheme, palette } from './chart-theme.ts';

/** Spec: each slice labelled 'status: count'. */
export function DistributionPie({ points }: { points: ChartPoint[] }) {
  return (
    <ResponsivePie
      data={points.map(({ label, count }) => ({ id: label, value: count }))}
      margin={{ top: 24, right: 100, bottom: 24, left: 100 }}
      colors={palette}
      theme={chartTheme}
      padAngle={1}
      cornerRadius={3}
      borderWidth={1}
      borderColor="#ffffff"
      enableArcLabels={false}
      arcLinkLabel={(slice) => `${slice.id}: ${slice.value}`}
      arcLinkLabelsTextColor="#334155"
      arcLinkLabelsColor={{ from: 'color' }}
      arcLinkLabelsThickness={2}
      arcLinkLabelsDiagonalLength={12}
      arcLinkLabelsStraightLength={12}
      animate={false}
    />
  );
}
