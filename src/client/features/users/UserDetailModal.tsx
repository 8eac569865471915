import { roleLabels } from '#shared/enums.ts';
import type { ManagedUser } from '#shared/schemas/user.ts';
import { Badge, roleTone } from '#client/components/ui/Badge.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { RecordHistory } from '#client/components/ui/RecordHistory.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { HourlyRateForm } from './HourlyRateForm.tsx';
import { PasswordReset } from './PasswordReset.tsx';
import { RoleRequest } from './RoleRequest.tsx';
import { UserAccessForm } from './UserAccessForm.tsx';
import { UserActiveButton } from './UserActiveButton.tsx';
import { describeUserChange } from './user-history.ts';
import { formatDateTime } from '#client/lib/dates.ts';

const when = (at: string | null) => (at ? formatDateTime(at) : 'Never');

/** One account: its request, role and department, access, password reset and history. */
export function UserDetailModal({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const isSelf = useSignedInUser()._id === user._id;
  return (
    <Modal open onClose={onClose} title={user.name} size="lg">
      <div className="space-y-6">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={roleTone[user.role]}>{roleLabels[user.role]}</Badge>
          {!user.active && <Badge tone="red">Deactivated</Badge>}
        </div>
        <DetailList
          className="grid-cols-1 sm:grid-cols-2"
          details={[
            ['Email', user.email],
            ['Phone', user.phone || '—'],
            ['Last sign-in', when(user.lastLogin)],
            ['Registered', when(user.createdAt)],
          ]}
        />
        {user.requestedRole && <RoleRequest user={user} requested={user.requestedRole} />}
        <UserAccessForm user={user} isSelf={isSelf} />
        <HourlyRateForm user={user} />
        <section aria-label="Access" className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Access</h3>
          <UserActiveButton user={user} isSelf={isSelf} />
          <PasswordReset user={user} />
        </section>
        <RecordHistory entity="user" record={{ ...user, _server: true }} describe={describeUserChange} />
      </div>
    </Modal>
  );
}
