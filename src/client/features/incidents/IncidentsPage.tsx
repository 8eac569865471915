import { PageHeader } from '../../components/ui/PageHeader.tsx';

export function IncidentsPage() {
  return <PageHeader title="Safety Incidents" />;
}
