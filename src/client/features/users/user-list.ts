import type { ManagedUser } from '#shared/schemas/user.ts';

/** Accounts whose name or email holds every word typed, in any case. */
export function filterUsers(users: ManagedUser[], search: string): ManagedUser[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return users;
  return users.filter((user) => {
    const text = `${user.name} ${user.email}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Requests waiting for approval first, then everyone by name (the server's order). */
export const pendingFirst = (users: ManagedUser[]) =>
  [...users].sort((a, b) => Number(b.requestedRole !== null) - Number(a.requestedRole !== null));
