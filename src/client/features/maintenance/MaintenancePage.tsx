import { PageHeader } from '../../components/ui/PageHeader.tsx';

export function MaintenancePage() {
  return <PageHeader title="Preventive Maintenance" subtitle="Schedule and track maintenance activities" />;
}
