import { createFileRoute } from '@tanstack/react-router';
import { NotebookPen } from 'lucide-react';
import { departments } from '#shared/enums.ts';
import { ShiftLogPage } from '#client/features/handovers/ShiftLogPage.tsx';
import { oneOf, recordId, searchOf } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/shift-log')({
  staticData: { nav: { label: 'Shift Log', icon: NotebookPen, order: 5.5 } },
  validateSearch: searchOf({ department: oneOf(departments), handover: recordId }),
  component: ShiftLogPage,
});
