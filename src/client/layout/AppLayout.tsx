import { Navigate, Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { DrawnNextTask } from '#client/components/ui/DrawnNextTask.tsx';
import { SignedInUserContext, useSession } from '#client/data/session/session.ts';
import { useSignOutOnExpiredToken } from '#client/features/auth/use-sign-out-on-expired-token.ts';
import { useRoleDecisions } from '#client/features/auth/use-role-decisions.ts';
import { MachineBackUpPrompt } from '#client/features/machines/MachineBackUpPrompt.tsx';
import { useSyncLoop } from '#client/data/sync/use-sync.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { useIsWide } from './use-is-wide.ts';
import { usePreloadedScreens } from './use-preloaded-screens.ts';

/** The common layout of every signed-in screen: sidebar (a slide-over below 1024px), top bar, the screen. */
export function AppLayout() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const isWide = useIsWide();
  useSyncLoop(user?._id, useSignOutOnExpiredToken());
  usePreloadedScreens(user?.role ?? 'operator');
  useRoleDecisions();
  // The route guard let the user in; this follows a sign-out or a rejected token afterwards.
  if (!user) return <Navigate to="/login" replace />;

  return (
    <SignedInUserContext value={user}>
      <div className="min-h-dvh bg-slate-50 lg:pl-64">
        {isWide ? (
          <aside className="fixed inset-y-0 left-0 hidden w-64 lg:block">
            <Sidebar role={user.role} />
          </aside>
        ) : (
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} role={user.role} />
        )}
        <div className="flex min-h-dvh min-w-0 flex-col">
          <TopBar user={user} onOpenMenu={() => setMenuOpen(true)} />
          <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <DrawnNextTask>
              <Outlet />
            </DrawnNextTask>
          </main>
        </div>
        <MachineBackUpPrompt />
      </div>
    </SignedInUserContext>
  );
}
