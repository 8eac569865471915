import { Check } from 'lucide-react';
import type { Role } from '../../../shared/enums.ts';
import { roleLabels } from '../../../shared/enums.ts';
import { Badge, roleTone } from '../../components/ui/Badge.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { rolePermissions } from './role-permissions.ts';

export function RolePermissions({ role }: { role: Role }) {
  return (
    <Panel title="Role & Permissions">
      <Badge tone={roleTone[role]}>{roleLabels[role]}</Badge>
      <ul className="mt-4 space-y-2">
        {rolePermissions[role].map((permission) => (
          <li key={permission} className="flex items-start gap-2 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {permission}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
