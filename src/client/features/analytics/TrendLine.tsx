import { ResponsiveLine } from '@nivo/line';
import type { ChartPoint } from './analytics-figures.ts';
import { countTicks, palette, useChartColors, useLabelRotation } from './chart-theme.ts';

interface TrendLineProps {
  /** The series name in the tooltip, e.g. 'Tickets'. */
  name: string;
  points: ChartPoint[];
}

/** Counts by month, the months on the x axis as 'YYYY-MM'. */
export function TrendLine({ name, points }: TrendLineProps) {
  const { theme, surface } = useChartColors();
  const { rotation, onResize } = useLabelRotation(points.map((point) => point.label));
  return (
    <ResponsiveLine
      // The chart's card is the image and says what it shows (ChartCard).
      role="presentation"
      // No series without points: a line through none draws a path of "null" (console errors).
      data={points.length ? [{ id: name, data: points.map(({ label, count }) => ({ x: label, y: count })) }] : []}
      onResize={onResize}
      margin={{ top: 16, right: 24, bottom: rotation ? 72 : 40, left: 44 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      colors={palette}
      theme={theme}
      curve="monotoneX"
      lineWidth={3}
      pointSize={8}
      pointBorderWidth={2}
      pointBorderColor={{ from: 'seriesColor' }}
      pointColor={surface}
      enableArea
      areaOpacity={0.08}
      axisBottom={{ tickRotation: rotation, tickPadding: 6 }}
      axisLeft={countTicks}
      useMesh
      animate={false}
    />
  );
}
