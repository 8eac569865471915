import { createFileRoute } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { departments } from '#shared/enums.ts';
import { PermitsPage } from '#client/features/permits/PermitsPage.tsx';
import { oneOf, recordId, searchOf } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/permits')({
  staticData: { nav: { label: 'Permits', icon: ShieldCheck, order: 5.7 } },
  validateSearch: searchOf({ department: oneOf(departments), permit: recordId }),
  component: PermitsPage,
});
