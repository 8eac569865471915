import { useCallback, useState } from 'react';
import { machineStatusTone, type BadgeTone } from '#client/components/ui/Badge.tsx';
import { usePrefersDark } from '#client/lib/color-scheme.ts';

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Near-black or white, whichever reads better on a bar of this colour (white on amber does not). */
export const labelOn = (hex: string) =>
  contrastRatio('#ffffff', hex) >= contrastRatio('#0f172a', hex) ? '#ffffff' : '#0f172a';

/** The six colours every chart draws with, in order (spec: a palette of six colours). */
export const palette = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2'];

const toneColor: Record<BadgeTone, string> = {
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#eab308',
  green: '#16a34a',
  blue: '#2563eb',
  purple: '#7c3aed',
  slate: '#64748b',
};

/** A machine status in the colour of its badge everywhere else (Down red, Idle grey). */
export const statusColor = (status: string) => toneColor[machineStatusTone[status] ?? 'slate'];

/** What a chart draws besides its data, in the colours of the page's slate scale and surface. */
function chartColors(surface: string, text: string, mutedText: string, grid: string) {
  return {
    surface,
    text,
    theme: {
      text: { fontSize: 12, fill: text },
      axis: { ticks: { text: { fontSize: 12, fill: mutedText } } },
      grid: { line: { stroke: grid } },
      labels: { text: { fontSize: 12, fontWeight: 600 } },
      tooltip: { container: { fontSize: 13, borderRadius: 8, background: surface, color: text } },
    },
  };
}

const lightChart = chartColors('#ffffff', '#334155', '#475569', '#e2e8f0');
const darkChart = chartColors('#131b29', '#ccd5e2', '#b7c2d1', '#273141');

/** The charts' colours for the theme the device asks for (SVG attributes cannot read CSS variables). */
export function useChartColors() {
  return usePrefersDark() ? darkChart : lightChart;
}

/** Counts are whole numbers: the value axis labels only whole ticks. */
export const countTicks = { tickValues: 6, format: (value: number) => (Number.isInteger(value) ? String(value) : '') };

/** Roughly how wide a 12px label is per character, and the gap wanted between two labels. */
const charWidth = 6.5;
const labelGap = 12;
/** About what the value axis and the margins take of a chart's width. */
const besideAxis = 60;

/**
 * The angle of the category labels for the chart's current width: they turn when the longest would
 * run into its neighbour. `onResize` goes to the chart.
 */
export function useLabelRotation(labels: readonly string[]) {
  const [width, setWidth] = useState(0);
  const onResize = useCallback((size: { width: number }) => setWidth(size.width), []);
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const rotation = labels.length > 0 && (width - besideAxis) / labels.length < longest * charWidth + labelGap ? -40 : 0;
  return { rotation, onResize };
}
