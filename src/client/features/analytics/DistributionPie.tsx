import { ResponsivePie } from '@nivo/pie';
import type { ChartPoint } from './analytics-figures.ts';
import { statusColor, useChartColors } from './chart-theme.ts';

interface DistributionPieProps {
  points: ChartPoint[];
  /** Opens the records behind a slice. */
  onSelect?: ((point: ChartPoint) => void) | undefined;
}

/** Machines by status, each slice in its status colour and labelled 'status: count' (spec). */
export function DistributionPie({ points, onSelect }: DistributionPieProps) {
  const { theme, surface, text } = useChartColors();
  return (
    <ResponsivePie
      // The chart's card is the image and says what it shows (ChartCard).
      role="presentation"
      data={points.map(({ label, count }) => ({ id: label, value: count }))}
      margin={{ top: 24, right: 100, bottom: 24, left: 100 }}
      colors={(slice) => statusColor(String(slice.id))}
      theme={theme}
      padAngle={1}
      cornerRadius={3}
      borderWidth={1}
      borderColor={surface}
      enableArcLabels={false}
      arcLinkLabel={(slice) => `${slice.id}: ${slice.value}`}
      arcLinkLabelsTextColor={text}
      arcLinkLabelsColor={{ from: 'color' }}
      arcLinkLabelsThickness={2}
      arcLinkLabelsDiagonalLength={12}
      arcLinkLabelsStraightLength={12}
      {...(onSelect ? { onClick: (slice) => onSelect({ label: String(slice.id), count: slice.value }) } : {})}
      animate={false}
    />
  );
}
