import { Link } from '@tanstack/react-router';
import type { BadgeTone } from '#client/components/ui/Badge.tsx';

/** The bar of each status in the colour of its badge, so the parts add up to the total. */
const barClass: Record<BadgeTone, string> = {
  green: 'bg-green-500',
  red: 'bg-red-500',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  blue: 'bg-blue-500',
  purple: 'bg-purple-500',
  slate: 'bg-slate-400',
};

interface StatusDistributionProps {
  statuses: readonly string[];
  /** The count of each status, undefined while loading. */
  counts: Record<string, number> | undefined;
  tone: Record<string, BadgeTone>;
  /** The list a status's row opens, filtered to that status (`/machines?status=Down`). */
  list: '/machines' | '/tickets';
}

/** One row a status: its count and its share of the total as a bar; a row opens the records behind it. */
export function StatusDistribution({ statuses, counts, tone, list }: StatusDistributionProps) {
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <ul className="-my-2 space-y-1">
      {statuses.map((status) => {
        const count = counts?.[status] ?? 0;
        const share = total ? (count / total) * 100 : 0;
        const bar = barClass[tone[status] ?? 'slate'];
        return (
          <li key={status} data-testid={`status-${status}`}>
            {/* Each list's route reads its statuses (validateSearch); these are among them. */}
            <Link
              to={list}
              search={{ status: status as never }}
              className="-mx-2 block rounded-lg px-2 py-2 hover:bg-slate-50"
            >
              <span className="flex items-center justify-between text-sm">
                <span className="flex items-center gap-2 font-medium text-slate-700">
                  <span aria-hidden="true" className={`size-2.5 rounded-full ${bar}`} />
                  {status}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">{counts ? count : '–'}</span>
              </span>
              <span aria-hidden="true" className="mt-1.5 block h-2 overflow-hidden rounded-full bg-slate-100">
                <span className={`block h-full rounded-full ${bar}`} style={{ width: `${share}%` }} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
