import { lazy } from 'react';

// "My Maintenance" opens a job's details: their code (checklist, parts, permits, starting work) loads
// with the first one opened, not with the dashboard.
export const ScheduleDetailModal = lazy(() =>
  import('./ScheduleDetailModal.tsx').then((module) => ({ default: module.ScheduleDetailModal })),
);
