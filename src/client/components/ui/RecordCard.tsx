import type { ReactNode } from 'react';
import { PendingMark } from './PendingMark.tsx';

interface RecordCardProps {
  /** The card's name for assistive technology, e.g. "Part BRG-001". */
  label: string;
  /** The record's number, the button that opens it. */
  number: string;
  onOpen: () => void;
  /** Shown beside the number, before the pending mark. */
  badges?: ReactNode;
  pending: number;
  /** The gap between the card's rows, and any class of the board it sits on. */
  className: string;
  children: ReactNode;
}

/** A record on a board of cards (parts, permits): its number opens it, its badges and pending changes beside. */
export function RecordCard({ label, number, onOpen, badges, pending, className, children }: RecordCardProps) {
  return (
    <article
      aria-label={label}
      className={`flex flex-col rounded-xl border border-slate-200 bg-surface p-4 ${className}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="min-h-11 text-left font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {number}
        </button>
        {badges}
        <PendingMark count={pending} />
      </header>
      {children}
    </article>
  );
}
