import { Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { roleLabels, type Role } from '#shared/enums.ts';
import { can } from '#shared/permissions.ts';
import { Badge, roleTone } from '#client/components/ui/Badge.tsx';
import { Panel } from '#client/components/ui/Panel.tsx';
import { rolePermissions, userManagement } from './role-permissions.ts';

export function RolePermissions({ role, requestedRole }: { role: Role; requestedRole: Role | null }) {
  return (
    <Panel title="Role & Permissions">
      <Badge tone={roleTone[role]}>{roleLabels[role]}</Badge>
      {requestedRole && (
        <p role="status" className="mt-3 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Your request for the {roleLabels[requestedRole]} role waits for an admin's approval. Until then you work as{' '}
          {roleLabels[role]}.
        </p>
      )}
      <ul className="mt-4 space-y-2">
        {rolePermissions[role].map((permission) => (
          <li key={permission} className="flex items-start gap-2 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {permission === userManagement && can(role, 'user:manage') ? (
              <Link
                to="/users"
                className="-my-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
              >
                {permission}
              </Link>
            ) : (
              permission
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
