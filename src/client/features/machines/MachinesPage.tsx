import { PageHeader } from '../../components/ui/PageHeader.tsx';

export function MachinesPage() {
  return <PageHeader title="Machines" subtitle="Monitor and manage all industrial machines" />;
}
