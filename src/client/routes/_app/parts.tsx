import { createFileRoute } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { PartsPage } from '#client/features/parts/PartsPage.tsx';
import { newFlag, recordId, searchOf, text } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/parts')({
  staticData: { nav: { label: 'Parts', icon: Package, order: 5.8 } },
  validateSearch: searchOf({ search: text, storeroom: recordId, below: newFlag, part: recordId, bin: recordId }),
  component: PartsPage,
});
