import { lazy } from 'react';

// nivo loads with the first chart, after the figures have shown, and never with any other screen.
export const DistributionPie = lazy(() =>
  import('./DistributionPie.tsx').then((module) => ({ default: module.DistributionPie })),
);
export const DistributionBar = lazy(() =>
  import('./DistributionBar.tsx').then((module) => ({ default: module.DistributionBar })),
);
export const TrendLine = lazy(() => import('./TrendLine.tsx').then((module) => ({ default: module.TrendLine })));
