import {
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Factory,
  LayoutDashboard,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '../../shared/enums.ts';
import { canOpen } from '../features/auth/route-access.ts';

type NavPath = '/' | '/machines' | '/tickets' | '/incidents' | '/maintenance' | '/analytics';

interface NavItem {
  to: NavPath;
  label: string;
  icon: LucideIcon;
}

const navItems: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/machines', label: 'Machines', icon: Factory },
  { to: '/tickets', label: 'Tickets', icon: ClipboardList },
  { to: '/incidents', label: 'Incidents', icon: TriangleAlert },
  { to: '/maintenance', label: 'Maintenance', icon: CalendarClock },
  { to: '/analytics', label: 'Analytics', icon: ChartColumn },
];

/** Sidebar items for a role: the same role lists the route guard enforces (spec section 2). */
export function navItemsFor(role: Role): readonly NavItem[] {
  return navItems.filter((item) => canOpen(role, item.to));
}
