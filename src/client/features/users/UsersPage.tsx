import { getRouteApi } from '@tanstack/react-router';
import { UserX, Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { SearchInput } from '#client/components/ui/SearchInput.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { modalNavigation } from '#client/lib/url-search.ts';
import { UserDetailModal } from './UserDetailModal.tsx';
import { UserRow } from './UserRow.tsx';
import { useManagedUsers } from './use-managed-users.ts';
import { filterUsers, pendingFirst } from './user-list.ts';

const route = getRouteApi('/_app/users');

/** The admins' Users screen: find an account, open it to change its role, department, access or password. */
export function UsersPage() {
  const query = useManagedUsers();
  const [search, setSearch] = useState('');
  const { user: openId } = route.useSearch();
  const navigate = route.useNavigate();
  const show = (user: string | undefined) => void navigate({ search: { user }, ...modalNavigation });
  const users = query.data;
  const shown = users && pendingFirst(filterUsers(users, search));
  const open = users?.find((candidate) => candidate._id === openId);
  const unreachable = !useIsOnline() || query.isError;

  return (
    <>
      <PageHeader title="Users" subtitle="Accounts, roles and access of everyone at the plant" />
      {unreachable && users && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          Showing the list last read on this device: the server cannot be reached. Changing users needs a connection.
        </p>
      )}
      {query.isError && !users && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          The user list could not be read: {query.error.message}
        </p>
      )}
      <SearchInput
        aria-label="Search users"
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-4 max-w-md"
      />
      {!users && query.isPending && query.fetchStatus === 'paused' && (
        <EmptyState
          icon={Users}
          title="The user list is not on this device yet"
          description="It is read when this device is online, and shown offline after that."
        />
      )}
      {!users && query.fetchStatus === 'fetching' && <Spinner />}
      {shown && shown.length === 0 && (
        <EmptyState icon={UserX} title="No users found" description="Try another name or email." />
      )}
      {shown && shown.length > 0 && (
        <ul aria-label="Users" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-surface">
          {shown.map((user) => (
            <UserRow key={user._id} user={user} onOpen={() => show(user._id)} />
          ))}
        </ul>
      )}
      {open && <UserDetailModal key={open._id} user={open} onClose={() => show(undefined)} />}
    </>
  );
}
