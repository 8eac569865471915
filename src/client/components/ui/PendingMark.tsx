import { CloudUpload } from 'lucide-react';

/** Shown on a record whose local changes have not reached the server yet. */
export function PendingMark({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
      <CloudUpload aria-hidden="true" className="size-3.5" />
      Pending sync
    </span>
  );
}
