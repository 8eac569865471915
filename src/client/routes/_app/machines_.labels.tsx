import { createFileRoute } from '@tanstack/react-router';
import { machineDepartments } from '#shared/enums.ts';
import { LabelsPage } from '#client/features/labels/LabelsPage.tsx';
import { oneOf, recordId, searchOf, text } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/machines_/labels')({
  validateSearch: searchOf({ machine: recordId, department: oneOf(machineDepartments), sheet: text }),
  component: LabelsPage,
});
