import { createFileRoute } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import { permissions } from '#shared/permissions.ts';
import { requireRoles } from '#client/features/auth/route-access.ts';
import { UsersPage } from '#client/features/users/UsersPage.tsx';
import { recordId, searchOf } from '#client/lib/url-search.ts';

const roles = permissions['user:manage'].roles;

export const Route = createFileRoute('/_app/users')({
  staticData: { roles, nav: { label: 'Users', icon: UsersRound, order: 7 } },
  validateSearch: searchOf({ user: recordId }),
  beforeLoad: requireRoles(roles),
  component: UsersPage,
});
