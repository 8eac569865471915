import { PageHeader } from '../../components/ui/PageHeader.tsx';

export function ProfilePage() {
  return <PageHeader title="Profile" subtitle="Manage your account information and preferences" />;
}
