import { PageHeader } from '../../components/ui/PageHeader.tsx';

export function AnalyticsPage() {
  return <PageHeader title="Analytics Dashboard" subtitle="Monitor performance metrics and trends" />;
}
