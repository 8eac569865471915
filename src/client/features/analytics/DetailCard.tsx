import { Panel } from '#client/components/ui/Panel.tsx';

interface DetailCardProps {
  title: string;
  /** Label and value, in order. */
  rows: [label: string, value: string | number][];
}

export function DetailCard({ title, rows }: DetailCardProps) {
  return (
    <Panel title={title}>
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 py-2 first:pt-0 last:pb-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
