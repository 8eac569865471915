import { ResponsiveBar } from '@nivo/bar';
import type { ChartPoint } from './analytics-figures.ts';
import { countTicks, labelOn, palette, useChartColors, useLabelRotation } from './chart-theme.ts';

interface DistributionBarProps {
  points: ChartPoint[];
  /** Opens the records behind a bar. */
  onSelect?: ((point: ChartPoint) => void) | undefined;
}

export function DistributionBar({ points, onSelect }: DistributionBarProps) {
  const { theme } = useChartColors();
  const { rotation, onResize } = useLabelRotation(points.map((point) => point.label));
  return (
    <ResponsiveBar
      // The chart's card is the image and says what it shows (ChartCard).
      role="presentation"
      data={points}
      keys={['count']}
      indexBy="label"
      onResize={onResize}
      margin={{ top: 16, right: 16, bottom: rotation ? 88 : 40, left: 44 }}
      padding={0.3}
      colors={palette}
      colorBy="indexValue"
      theme={theme}
      borderRadius={4}
      axisBottom={{ tickRotation: rotation, tickPadding: 6 }}
      axisLeft={countTicks}
      labelTextColor={(bar) => labelOn(bar.color)}
      tooltipLabel={(bar) => String(bar.indexValue)}
      {...(onSelect ? { onClick: (bar) => onSelect(points[bar.index]!) } : {})}
      animate={false}
    />
  );
}
