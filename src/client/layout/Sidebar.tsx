import { Link, useRouter } from '@tanstack/react-router';
import { Factory } from 'lucide-react';
import type { Role } from '#shared/enums.ts';
import { navItemsFor } from './nav-items.ts';

interface SidebarProps {
  role: Role;
  /** Called when a link is chosen (closes the slide-over menu). */
  onNavigate?: () => void;
}

export function Sidebar({ role, onNavigate }: SidebarProps) {
  const { routesById } = useRouter();
  return (
    <div className="flex h-full flex-col bg-ink-900 text-ink-300 dark:border-r dark:border-slate-200">
      <div className="flex h-16 shrink-0 items-center gap-3 px-5">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
          <Factory aria-hidden="true" className="size-5" />
        </span>
        <span className="text-xl font-bold tracking-wide text-white">IMSP</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navItemsFor(role, Object.values(routesById)).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                activeOptions={{ exact: to === '/' }}
                onClick={onNavigate}
                className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-ink-800 hover:text-white data-[status=active]:bg-brand-600 data-[status=active]:text-white"
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
