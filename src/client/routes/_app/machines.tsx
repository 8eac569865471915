import { createFileRoute } from '@tanstack/react-router';
import { Factory } from 'lucide-react';
import { z } from 'zod';
import { MachinesPage } from '../../features/machines/MachinesPage.tsx';
import { newFlag, recordId } from '../../lib/url-search.ts';

export const Route = createFileRoute('/_app/machines')({
  staticData: { nav: { label: 'Machines', icon: Factory, order: 2 } },
  validateSearch: z.object({ new: newFlag, machine: recordId, edit: recordId }),
  component: MachinesPage,
});
