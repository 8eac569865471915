import { createFileRoute } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { IncidentsPage } from '../../features/incidents/IncidentsPage.tsx';
import { newFlag, recordId, searchOf } from '../../lib/url-search.ts';

export const Route = createFileRoute('/_app/incidents')({
  staticData: { nav: { label: 'Incidents', icon: TriangleAlert, order: 4 } },
  validateSearch: searchOf({ new: newFlag, incident: recordId }),
  component: IncidentsPage,
});
