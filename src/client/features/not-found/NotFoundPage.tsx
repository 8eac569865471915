import { Link, useLocation } from '@tanstack/react-router';
import { MapPinOff } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/Button.tsx';

/** An address the app has no screen for: which one, and the way back. Drawn by the app itself, so also offline. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <MapPinOff aria-hidden="true" className="size-14 text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">
        There is no page at{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">{pathname}</code>. The link may be
        mistyped or out of date.
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Back to Dashboard
      </Link>
    </div>
  );
}
