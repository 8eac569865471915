import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { ClipboardX } from 'lucide-react';
import type { TicketSource as Source } from '../../../shared/schemas/ticket.ts';
import { localDb } from '../../data/db.ts';

/** Where a ticket came from: the maintenance item whose check failed, opened with one tap. */
export function TicketSource({ source }: { source: Source }) {
  const schedule = useLiveQuery(() => localDb.schedules.get(source._id), [source._id]);
  const item = schedule?.checklist.find((candidate) => candidate._id === source.itemId);
  return (
    <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
      <ClipboardX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Raised by a failed check{item && <> ({item.task})</>} during{' '}
        <Link to="/maintenance" search={{ schedule: source._id }} className="font-medium underline">
          {schedule?.title ?? 'a maintenance item'}
        </Link>
      </span>
    </p>
  );
}
