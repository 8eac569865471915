import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import { buttonClasses } from '#client/components/ui/Button.tsx';

export function AccessDenied() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 dark:bg-slate-50">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <ShieldX aria-hidden="true" className="size-14 text-red-600" />
        <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
        <p className="text-slate-600">You don't have permission to access this page.</p>
        <Link to="/" className={buttonClasses('primary')}>
          Back to Dashboard
        </Link>
      </div>
    </main>
  );
}
