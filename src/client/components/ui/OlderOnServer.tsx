import { Archive } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { HistoryEntity, HistoryRecord } from '#client/data/sync/older-records.ts';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { useOlderRecords, useWindowDays } from '#client/data/sync/use-working-set.ts';
import { Button } from './Button.tsx';
import { Pagination } from './Pagination.tsx';
import { formatCount } from '#client/lib/counts.ts';

interface OlderOnServerProps<E extends HistoryEntity> {
  entity: E;
  /** 'tickets', 'incidents'. */
  noun: string;
  /** The list's filters, as its server list call takes them ('' for none). */
  filters: Record<string, string>;
  /** Shows a page of the server's records; opening one is the caller's. */
  children: (records: HistoryRecord<E>[]) => ReactNode;
}

/**
 * Below a list: the records that match its filters but are older than this device keeps. Online, how
 * many the server has, and on request the pages of them; offline, that they need a connection.
 */
export function OlderOnServer<E extends HistoryEntity>({ entity, noun, filters, children }: OlderOnServerProps<E>) {
  const isOnline = useIsOnline();
  const [windowDays] = useWindowDays();
  const [isShown, setShown] = useState(false);
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filters);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    setPage(1);
  }
  const older = useOlderRecords(entity, filters, page, isOnline);

  if (!isOnline) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="older-offline">
        <Archive aria-hidden="true" className="size-4 shrink-0" />
        Closed {noun} older than {windowDays} days are kept on the server: connect to search them.
      </p>
    );
  }
  if (!older || older.total === 0) return null;
  return (
    <section aria-label={`Older ${noun} on the server`} className="space-y-4" data-testid="older-on-server">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <Archive aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <p className="text-sm text-slate-700">
          {formatCount(older.total)} older {older.total === 1 ? noun.replace(/s$/, '') : noun} on the server{' '}
          {older.total === 1 ? 'matches' : 'match'}
        </p>
        <Button variant="secondary" onClick={() => setShown(!isShown)} aria-expanded={isShown}>
          {isShown ? 'Hide' : 'Show'}
        </Button>
      </div>
      {isShown && (
        <>
          {children(older.records)}
          <Pagination currentPage={page} totalPages={older.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
