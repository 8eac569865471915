import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { AccountSettings } from './AccountSettings.tsx';
import { DeviceSettings } from './DeviceSettings.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import { RolePermissions } from './RolePermissions.tsx';

export function ProfilePage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Profile" subtitle="Manage your account information and preferences" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ProfileDetails user={user} />
        </div>
        <div className="space-y-6">
          <RolePermissions role={user.role} requestedRole={user.requestedRole} />
          <AccountSettings user={user} />
          <DeviceSettings />
        </div>
      </div>
    </>
  );
}
