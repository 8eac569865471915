import { createFileRoute } from '@tanstack/react-router';
import { purchaseStatuses } from '#shared/purchasing.ts';
import { PurchasingPage } from '#client/features/purchasing/PurchasingPage.tsx';
import { oneOf, searchOf } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/purchasing')({
  validateSearch: searchOf({ view: oneOf(['requests'] as const), status: oneOf(purchaseStatuses) }),
  component: PurchasingPage,
});
