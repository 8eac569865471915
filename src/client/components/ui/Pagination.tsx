import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button.tsx';
import { formatCount } from '#client/lib/counts.ts';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** 'Showing page X of Y' with Previous and Next; nothing when everything fits on one page (spec section 2). */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        Showing page {formatCount(currentPage)} of {formatCount(totalPages)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={currentPage <= 1} onClick={() => onPageChange(currentPage - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Button>
        <Button variant="secondary" disabled={currentPage >= totalPages} onClick={() => onPageChange(currentPage + 1)}>
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
