import { Link } from '@tanstack/react-router';
import { Menu, ScanLine } from 'lucide-react';
import type { User } from '#shared/schemas/user.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { LogoutButton } from '#client/features/auth/LogoutButton.tsx';
import { InboxButton } from '#client/features/inbox/InboxButton.tsx';
import { SyncIndicator } from '#client/features/sync/SyncIndicator.tsx';
import { useToastClearance } from './use-toast-clearance.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

interface TopBarProps {
  user: User;
  onOpenMenu: () => void;
}

export function TopBar({ user, onOpenMenu }: TopBarProps) {
  const actions = useToastClearance<HTMLDivElement>();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-surface px-2 sm:px-4 lg:px-8">
      <Button variant="ghost" size="icon" className="lg:hidden" onClick={onOpenMenu} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      <span className="hidden text-lg font-bold tracking-wide text-slate-900 sm:inline lg:hidden">IMSP</span>

      <div ref={actions} className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <SyncIndicator userId={user._id} />
        <Link to="/scan" aria-label="Scan machine label" className={buttonClasses('ghost', 'icon')}>
          <ScanLine aria-hidden="true" className="size-5" />
        </Link>
        <InboxButton user={user} />
        <Link
          to="/profile"
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-2 hover:bg-slate-100 data-[status=active]:bg-slate-100"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-700 text-xs font-semibold text-white"
          >
            {initials(user.name)}
          </span>
          <span className="flex max-w-32 min-w-0 flex-col leading-tight sm:max-w-56">
            <span className="truncate text-sm font-medium text-slate-900">{user.name}</span>
            <span className="truncate text-xs text-slate-500">{user.role.replaceAll('_', ' ')}</span>
          </span>
        </Link>
        <LogoutButton />
      </div>
    </header>
  );
}
