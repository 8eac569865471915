import type { User } from '#shared/schemas/user.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { notify } from '#client/lib/notify.ts';
import { Panel } from '#client/components/ui/Panel.tsx';
import { formatDate, formatDateTime } from '#client/lib/dates.ts';

export function AccountSettings({ user }: { user: User }) {
  const dates = [
    ['Last login', user.lastLogin ? formatDateTime(user.lastLogin) : 'N/A'],
    ['Account created', user.createdAt ? formatDate(user.createdAt) : 'N/A'],
  ];
  return (
    <Panel title="Account Settings">
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => notify.info('Change password functionality would be implemented here')}
      >
        Change Password
      </Button>
      <dl className="mt-4 space-y-3 text-sm">
        {dates.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
