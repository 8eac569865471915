import { createFileRoute } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { IncidentsPage } from '#client/features/incidents/IncidentsPage.tsx';
import { incidentStatuses, incidentTypes, severities } from '#shared/enums.ts';
import { newFlag, oneOf, recordId, searchOf, text } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/incidents')({
  staticData: { nav: { label: 'Incidents', icon: TriangleAlert, order: 4 } },
  // The list's filters too, so a chart or a link opens it filtered (`?type=Near%20Miss`).
  validateSearch: searchOf({
    new: newFlag,
    incident: recordId,
    search: text,
    type: oneOf(incidentTypes),
    severity: oneOf(severities),
    status: oneOf(incidentStatuses),
  }),
  component: IncidentsPage,
});
