import { Link } from '@tanstack/react-router';
import { Factory } from 'lucide-react';
import type { ReactNode } from 'react';

/** The request page's frame: the app's look, without its navigation (nobody is signed in). */
export function RequestLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100 dark:bg-slate-50">
      <header className="border-b border-slate-200 bg-surface">
        <div className="mx-auto flex min-h-16 max-w-3xl items-center justify-between gap-3 px-4">
          <Link to="/request" className="flex min-h-11 min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-900 text-white">
              <Factory aria-hidden="true" className="size-5" />
            </span>
            <span className="truncate font-semibold text-slate-900">Report a problem</span>
          </Link>
          <Link
            to="/login"
            className="inline-flex min-h-11 shrink-0 items-center text-sm font-medium text-brand-700 hover:underline"
          >
            Staff sign in
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">{children}</main>
    </div>
  );
}
