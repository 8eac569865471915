import { useState, type FormEvent } from 'react';
import { profileDepartments, roleLabels, roles } from '#shared/enums.ts';
import type { ManagedUser, UserUpdate } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Select } from '#client/components/ui/Field.tsx';
import { useUpdateUser } from './use-managed-users.ts';

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** Role and department. What is chosen stays in the form when the save fails (offline, refused). */
export function UserAccessForm({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  const [role, setRole] = useState(user.role);
  const [department, setDepartment] = useState(user.department);
  const update = useUpdateUser(user);
  const body: UserUpdate = {
    ...(role !== user.role ? { role } : {}),
    ...(department !== user.department ? { department: department as UserUpdate['department'] } : {}),
  };
  const changed = Object.keys(body).length > 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed) update.mutate(body);
  };

  return (
    <form onSubmit={save} className="space-y-3 border-t border-slate-200 pt-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Role" hint={isSelf ? 'You cannot change your own role: another admin can.' : undefined}>
          <Select
            value={role}
            onChange={(event) => setRole(event.target.value as typeof role)}
            options={roleOptions}
            disabled={isSelf}
          />
        </Field>
        <Field label="Department">
          <Select
            value={department}
            onChange={(event) => setDepartment(event.target.value)}
            options={profileDepartments}
          />
        </Field>
      </div>
      <Button type="submit" loading={update.isPending} disabled={!changed}>
        Save Changes
      </Button>
    </form>
  );
}
