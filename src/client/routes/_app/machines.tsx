import { createFileRoute } from '@tanstack/react-router';
import { Factory } from 'lucide-react';
import { MachinesPage } from '../../features/machines/MachinesPage.tsx';
import { newFlag, recordId, searchOf } from '../../lib/url-search.ts';

export const Route = createFileRoute('/_app/machines')({
  staticData: { nav: { label: 'Machines', icon: Factory, order: 2 } },
  validateSearch: searchOf({ new: newFlag, machine: recordId, edit: recordId }),
  component: MachinesPage,
});
