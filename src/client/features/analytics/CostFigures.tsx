import { Link } from '@tanstack/react-router';
import { can } from '#shared/permissions.ts';
import { Panel } from '#client/components/ui/Panel.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { moneyText } from '#client/lib/money.ts';
import { periodNote } from '#client/lib/period-changes.ts';
import { ChartCard } from './ChartCard.tsx';
import { cellClass, FigureTable, MachineLink } from './FigureTable.tsx';
import { DistributionBar } from './lazy-charts.ts';
import { useCostFigures } from './use-cost-figures.ts';

const { text: cell, number } = cellClass;
const whole = (value: number) => Math.round(value);

/**
 * Maintenance cost over the last `days` days (src/docs/costs.md): per machine and department, the
 * parts used most and the stock value now. For those who may see costs; nothing for the others.
 */
export function CostFigures({ days }: { days: number }) {
  const user = useSignedInUser();
  const mayView = can(user.role, 'cost:view');
  const figures = useCostFigures(days, mayView).data;
  if (!mayView || !figures) return null;
  const money = (value: number) => moneyText(value, figures.currency);
  const period = `(Last ${periodNote(days)})`;
  const byMachine = figures.byMachine.slice(0, 10).map((row) => ({ label: row.machine.name, count: whole(row.total) }));
  const byDepartment = figures.byDepartment.map((row) => ({ label: row.department, count: whole(row.total) }));
  return (
    <section aria-labelledby="maintenance-cost" className="space-y-6">
      <h2 id="maintenance-cost" className="text-lg font-semibold text-slate-900">
        Maintenance cost {period}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title={`Cost by Machine (${figures.currency}) ${period}`} points={byMachine}>
          <DistributionBar points={byMachine} />
        </ChartCard>
        <ChartCard title={`Cost by Department (${figures.currency}) ${period}`} points={byDepartment}>
          <DistributionBar points={byDepartment} />
        </ChartCard>
      </div>
      <Panel title={`Cost by machine ${period}`}>
        <FigureTable
          rows={figures.byMachine.slice(0, 15)}
          rowKey={(row) => row.machine._id}
          empty="No costs in the period."
          columns={[
            { header: 'Machine', value: (row) => <MachineLink machine={row.machine} />, strong: true },
            { header: 'Department', value: (row) => row.department },
            { header: 'Parts', value: (row) => money(row.parts), numeric: true },
            { header: 'Labour', value: (row) => money(row.labour), numeric: true },
            { header: 'Total', value: (row) => money(row.total), numeric: true, strong: true },
          ]}
        />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={`Most used parts ${period}`}>
          <FigureTable
            rows={figures.topParts}
            rowKey={(row) => row.part._id}
            empty="No parts used in the period."
            columns={[
              {
                header: 'Part',
                value: (row) => (
                  <>
                    <Link
                      to="/parts"
                      search={{ part: row.part._id }}
                      className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
                    >
                      {row.part.partNumber}
                    </Link>{' '}
                    {row.part.name}
                  </>
                ),
              },
              { header: 'Used', value: (row) => `${row.quantity} ${row.part.unit}`, numeric: true },
              { header: 'Value', value: (row) => money(row.value), numeric: true },
            ]}
          />
        </Panel>
        <Panel title="Stock value now">
          <table className="w-full text-sm">
            <tbody className="divide-y divide-slate-100">
              {figures.stockValue.byStoreroom.map((row) => (
                <tr key={row.storeroom._id}>
                  <td className={cell}>{row.storeroom.name}</td>
                  <td className={number}>{money(row.value)}</td>
                </tr>
              ))}
              <tr>
                <td className={`${cell} font-semibold`}>Total</td>
                <td className={`${number} font-semibold`}>{money(figures.stockValue.total)}</td>
              </tr>
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500">On hand × unit cost; a bin below zero counts as empty.</p>
        </Panel>
      </div>
    </section>
  );
}
