import { Building2, Mail, Phone, UserRound, type LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { profileDepartments, roleLabels } from '#shared/enums.ts';
import { profileBody, type User } from '#shared/schemas/user.ts';
import { Badge, roleTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { fieldErrors } from '#client/lib/validation.ts';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { useUpdateProfile } from './use-update-profile.ts';

type ProfileForm = Pick<User, 'name' | 'email' | 'phone' | 'department'>;

const fields: { key: keyof ProfileForm; label: string; icon: LucideIcon; type?: string }[] = [
  { key: 'name', label: 'Full Name', icon: UserRound },
  { key: 'email', label: 'Email Address', icon: Mail, type: 'email' },
  { key: 'phone', label: 'Phone Number', icon: Phone, type: 'tel' },
  { key: 'department', label: 'Department', icon: Building2 },
];

const formOf = ({ name, email, phone, department }: User): ProfileForm => ({ name, email, phone, department });

/** The user's details; Edit Profile turns them into a form (spec section 4: view and edit mode). */
export function ProfileDetails({ user }: { user: User }) {
  const formId = useId();
  const offlineId = useId();
  const [isEditing, setEditing] = useState(false);
  const [form, setForm] = useState(() => formOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const isOnline = useIsOnline();
  const isSaving = update.isPending;

  function toggleEditing() {
    // Editing starts from the saved values, so Cancel leaves nothing typed behind.
    setForm(formOf(user));
    setErrors({});
    setEditing(!isEditing);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileBody.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onSuccess: () => setEditing(false) });
  }

  const set = (key: keyof ProfileForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <section aria-label="Profile information" className="rounded-xl border border-slate-200 bg-surface">
      <div className="flex flex-wrap items-center gap-4 border-b border-slate-200 p-4 sm:p-5">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-ink-700 text-white"
        >
          <UserRound className="size-7" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{user.name}</h2>
          <Badge tone={roleTone[user.role]}>{roleLabels[user.role]}</Badge>
        </div>
        <Button variant={isEditing ? 'secondary' : 'primary'} onClick={toggleEditing} disabled={isSaving}>
          {isEditing ? 'Cancel' : 'Edit Profile'}
        </Button>
      </div>

      {isEditing ? (
        <form id={formId} noValidate onSubmit={submit} className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
          {fields.map(({ key, label, type }) => (
            <Field key={key} label={label} error={errors[key]} required={key === 'name' || key === 'email'}>
              {key === 'department' ? (
                <Select
                  value={form.department}
                  onChange={set('department')}
                  options={profileDepartments}
                  placeholder={
                    profileDepartments.some((option) => option === form.department) ? undefined : 'Select department'
                  }
                  disabled={isSaving}
                />
              ) : (
                <Input type={type ?? 'text'} value={form[key]} onChange={set(key)} disabled={isSaving} />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
            {!isOnline && (
              <p id={offlineId} className="mr-auto text-sm text-amber-800">
                Profile changes need a connection to the server.
              </p>
            )}
            <Button variant="secondary" onClick={toggleEditing} disabled={isSaving}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={isSaving}
              disabled={!isOnline}
              aria-describedby={isOnline ? undefined : offlineId}
            >
              {isSaving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
          {fields.map(({ key, label, icon: Icon }) => (
            <div key={key} className="relative min-w-0 pl-8">
              <dt className="text-sm text-slate-500">
                <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-slate-400" />
                {label}
              </dt>
              <dd className="font-medium break-words text-slate-900">{user[key] || 'Not provided'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
