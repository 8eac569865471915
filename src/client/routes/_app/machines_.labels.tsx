import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { machineDepartments } from '../../../shared/enums.ts';
import { LabelsPage } from '../../features/labels/LabelsPage.tsx';
import { recordId } from '../../lib/url-search.ts';

export const Route = createFileRoute('/_app/machines_/labels')({
  validateSearch: z.object({
    machine: recordId,
    department: z.enum(machineDepartments).optional().catch(undefined),
    sheet: z.string().optional().catch(undefined),
  }),
  component: LabelsPage,
});
