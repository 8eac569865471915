import { createFileRoute } from '@tanstack/react-router';
import { Factory } from 'lucide-react';
import { MachinesPage } from '#client/features/machines/MachinesPage.tsx';
import { machineDepartments, machineStatuses } from '#shared/enums.ts';
import { newFlag, oneOf, recordId, searchOf } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/machines')({
  staticData: { nav: { label: 'Machines', icon: Factory, order: 2 } },
  // `status` and `department` open the list filtered (a chart's slice, the dashboard's status rows).
  validateSearch: searchOf({
    new: newFlag,
    machine: recordId,
    edit: recordId,
    status: oneOf(machineStatuses),
    department: oneOf(machineDepartments),
  }),
  component: MachinesPage,
});
