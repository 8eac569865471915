import { Factory } from 'lucide-react';
import { AuthForm } from './AuthForm.tsx';
import type { AuthRequest } from './sign-in.ts';

/** The sign-in screen (spec section 2); `onSubmit` signs in with a request the shared schema accepted. */
export function LoginScreen({ onSubmit }: { onSubmit: (request: AuthRequest) => Promise<unknown> }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10 dark:bg-slate-50 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-ink-900 text-white">
            <Factory aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-balance text-slate-900">Industrial Maintenance &amp; Safety Portal</h1>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm sm:p-8">
          <AuthForm onSubmit={onSubmit} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">
          No account?{' '}
          {/* A plain link: this screen also shows before the router has loaded (LoginWhileAppLoads.tsx). */}
          <a
            href="/request"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
          >
            Report a problem or a near miss
          </a>
        </p>
      </div>
    </main>
  );
}
