import { roleLabels } from '#shared/enums.ts';
import type { ManagedUser } from '#shared/schemas/user.ts';
import { Badge, roleTone } from '#client/components/ui/Badge.tsx';

/** One account in the list: a button that opens its detail. */
export function UserRow({ user, onOpen }: { user: ManagedUser; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-14 w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="min-w-0 flex-1 basis-56">
          <span className={`block font-medium ${user.active ? 'text-slate-900' : 'text-slate-500 line-through'}`}>
            {user.name}
          </span>
          <span className="block truncate text-sm text-slate-600">{user.email}</span>
        </span>
        <span className="w-36 text-sm text-slate-600">{user.department}</span>
        <span className="flex flex-wrap gap-1.5">
          <Badge tone={roleTone[user.role]}>{roleLabels[user.role]}</Badge>
          {user.requestedRole && <Badge tone="yellow">Asks for {roleLabels[user.requestedRole]}</Badge>}
          {!user.active && <Badge tone="red">Deactivated</Badge>}
        </span>
      </button>
    </li>
  );
}
