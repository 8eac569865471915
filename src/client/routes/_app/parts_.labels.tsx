import { createFileRoute } from '@tanstack/react-router';
import { PartLabelsPage } from '#client/features/parts/PartLabelsPage.tsx';
import { newFlag, recordId, searchOf, text } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/parts_/labels')({
  validateSearch: searchOf({ search: text, storeroom: recordId, below: newFlag, binsOf: recordId, sheet: text }),
  component: PartLabelsPage,
});
