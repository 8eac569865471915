import { lazy } from 'react';

// The dashboard's lists open an incident's details: their code (actions, files, history, the forms)
// loads with the first one opened, not with the dashboard.
export const IncidentDetailModal = lazy(() =>
  import('./IncidentDetailModal.tsx').then((module) => ({ default: module.IncidentDetailModal })),
);
