import { Button } from './Button.tsx';
import { formatCount } from '#client/lib/counts.ts';

interface ShowMoreProps {
  shown: number;
  total: number;
  /** "machines" in "Showing 48 of 500 machines". */
  noun: string;
  onMore: () => void;
}

/** Below a grid that shows its first cards: how many are left and a button for the next ones. */
export function ShowMore({ shown, total, noun, onMore }: ShowMoreProps) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-col items-center gap-2 py-2">
      <p role="status" className="text-sm text-slate-600">
        Showing {formatCount(shown)} of {formatCount(total)} {noun}
      </p>
      <Button variant="secondary" onClick={onMore}>
        Show more {noun}
      </Button>
    </div>
  );
}
