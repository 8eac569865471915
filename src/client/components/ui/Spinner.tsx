import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  /** Read by screen readers; also shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, className = 'size-5' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-500">
      <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** Fills the screen while the session or a screen's code loads. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} showLabel={label !== undefined} className="size-8 text-brand-600" />
    </div>
  );
}
