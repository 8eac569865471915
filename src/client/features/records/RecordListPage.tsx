import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useState, type ReactNode } from 'react';
import { can } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { OlderOnServer } from '#client/components/ui/OlderOnServer.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Pagination } from '#client/components/ui/Pagination.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useStableCallback } from '#client/components/ui/use-stable-callback.ts';
import { localDb } from '#client/data/store/db.ts';
import { asShown } from '#client/data/sync/older-records.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useIsFirstPull } from '#client/data/sync/use-sync.ts';
import { keepOlderRecord, useOpenedRecord } from '#client/data/sync/use-working-set.ts';
import { modalNavigation } from '#client/lib/url-search.ts';
import type { ListFilters, NumberedRecord, RecordListKind } from './record-kind.ts';
import { RecordFilterBar } from './RecordFilterBar.tsx';
import { RecordTable } from './RecordTable.tsx';
import { formatCount } from '#client/lib/counts.ts';

type Search = Record<string, unknown>;

/** The filters the URL holds (`?status=Open`); the route's `validateSearch` has dropped malformed ones. */
function filtersOf<F extends ListFilters>(search: Search, none: F): F {
  const entries = Object.keys(none).map((field) => [field, typeof search[field] === 'string' ? search[field] : '']);
  return Object.fromEntries(entries) as F;
}

/** The filters that are set, as URL search values. */
const setValues = (filters: ListFilters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value));

/**
 * The filters, the open form and the open record live in the URL (`?status=Open`, `?new=1`,
 * `?ticket=<id>`), so a chart, the dashboard or a link can open the list filtered or a record's details.
 * Each change is made on the URL as it is then: a search that settles while a form opens keeps the form.
 */
function useListSearch<F extends ListFilters>(kind: RecordListKind<NumberedRecord, F>) {
  const search: Search = useSearch({ strict: false });
  const navigate = useNavigate();
  const filtersIn = (current: Search) => setValues(filtersOf(current, kind.noFilters));
  const change = (next: (current: Search) => Search) =>
    void navigate({ to: '.', search: next as never, ...modalNavigation });
  const show = (opened: Search) => change((current) => ({ ...filtersIn(current), ...opened }));
  const openId = search[kind.searchKey];
  return {
    search,
    filters: filtersOf(search, kind.noFilters),
    isCreating: search.new === 1,
    openId: typeof openId === 'string' ? openId : null,
    setFilters: (next: F) =>
      change((current) => ({
        ...current,
        ...Object.fromEntries(Object.keys(next).map((key) => [key, undefined])),
        ...setValues(next),
      })),
    openCreate: () => show({ new: 1 }),
    open: (id: string) => show({ [kind.searchKey]: id }),
    close: () => show({}),
  };
}

interface KindCardProps<R extends NumberedRecord> {
  record: R;
  Card: Extract<RecordListKind<R, ListFilters>['layout'], { card: unknown }>['card'];
  onView: (record: R) => void;
  keep: ((record: R) => Promise<void>) | undefined;
}

/** A kind's own card in the list, drawn again only when its record changed (as RecordTable's rows). */
const KindCard = memo(function KindCard({ record, Card, onView, keep }: KindCardProps<NumberedRecord>) {
  return (
    <li className="flex">
      <Card record={record} onView={() => onView(record)} keep={keep} />
    </li>
  );
}) as <R extends NumberedRecord>(props: KindCardProps<R>) => ReactNode;

/** A list screen of numbered records: header, counters, filter bar, the list and its pages, older records, forms. */
export function RecordListPage<R extends NumberedRecord, F extends ListFilters>({
  kind,
}: {
  kind: RecordListKind<R, F>;
}) {
  const user = useSignedInUser();
  const list = useListSearch(kind as unknown as RecordListKind<NumberedRecord, F>);
  const { filters } = list;
  const filterKey = JSON.stringify(filters);
  const [page, setPage] = useState({ filterKey, number: 1 });
  const pageNumber = page.filterKey === filterKey ? page.number : 1;
  const result = useLiveQuery(async () => await kind.readPage(localDb, filters, pageNumber), [filterKey, pageNumber]);
  const isFirstPull = useIsFirstPull();
  useOpenedRecord(kind.entity, list.openId);
  const { create, counters: Counters, detail: Detail } = kind;
  const keep = useStableCallback((record: R) => keepOlderRecord(kind.entity, record._server!));
  const view = useStableCallback((record: R) => list.open(record._id));
  const viewOlder = useStableCallback((record: R) => void keep(record).then(() => list.open(record._id)));

  const showList = (records: R[], onView: (record: R) => void, keep?: (record: R) => Promise<void>) => {
    const { layout } = kind;
    if ('columns' in layout) return <RecordTable records={records} {...layout} onView={onView} keep={keep} />;
    return (
      <div className="@container">
        <ul className="grid gap-4 @4xl:grid-cols-2">
          {records.map((record) => (
            <KindCard key={record._id} record={record} Card={layout.card} onView={onView} keep={keep} />
          ))}
        </ul>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title={kind.title}
        subtitle={kind.subtitle}
        actions={
          <>
            <ExportButton
              noun={kind.noun}
              what={kind.noun}
              query={filters}
              columns={kind.exportColumns}
              local={() => kind.readAll(localDb, filters)}
            />
            {can(user.role, create.action) && (
              <Button onClick={list.openCreate}>
                <create.icon aria-hidden="true" className="size-5" /> {create.label}
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        {Counters && <Counters filters={filters} />}
        <RecordFilterBar
          filters={filters}
          onChange={list.setFilters}
          searchLabel={kind.searchLabel}
          options={kind.optionFilters}
        />
        {result === undefined || (result.total === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label={`Loading ${kind.noun}...`} showLabel />
          </div>
        ) : result.total === 0 ? (
          <EmptyState icon={kind.emptyIcon} title={`No ${kind.noun} found`} />
        ) : (
          <>
            <p className="text-sm text-slate-600" data-testid="list-total">
              {result.total === 1 ? `1 ${kind.noun.replace(/s$/, '')}` : `${formatCount(result.total)} ${kind.noun}`}
            </p>
            {showList(result.records, view)}
            <Pagination
              currentPage={result.currentPage}
              totalPages={result.totalPages}
              onPageChange={(number) => setPage({ filterKey, number })}
            />
          </>
        )}
        <OlderOnServer entity={kind.entity} noun={kind.noun} filters={{ ...filters }}>
          {(older) => showList(older.map(asShown) as unknown as R[], viewOlder, keep)}
        </OlderOnServer>
      </div>
      {list.isCreating && <create.modal onClose={list.close} search={list.search} />}
      <Detail recordId={list.openId} onClose={list.close} />
    </>
  );
}
