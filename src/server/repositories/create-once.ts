import { conflict } from '../lib/errors.ts';

/**
 * Makes a create safe to replay: the client sends its own `_id`, and the same call sent again
 * answers with the stored record instead of creating a second one. Runs inside a write
 * transaction, which the write lock serialises, so the check and the insert cannot race.
 * A child item (a comment, a file) is a replay only under the parent it was first sent to:
 * `parent` names that parent, and `findCreator` returns where the stored item belongs.
 */
export async function createOnce(options: {
  id: string | undefined;
  /** Who creates it; null for an anonymous report, which anybody may replay (its _id is the device's secret). */
  userId: string | null;
  label: string;
  findCreator: (id: string) => Promise<{ creator: string | null; parent?: string | null } | undefined>;
  parent?: { id: string | null; clash: (storedParent: string | null) => string };
  insert: (id: string | undefined) => Promise<string>;
}): Promise<{ id: string; created: boolean }> {
  if (options.id) {
    const existing = await options.findCreator(options.id);
    if (existing) {
      if (existing.creator !== options.userId) {
        throw conflict(`A ${options.label} with this _id was already created by another user`);
      }
      const storedParent = existing.parent ?? null;
      if (options.parent && storedParent !== options.parent.id) throw conflict(options.parent.clash(storedParent));
      return { id: options.id, created: false };
    }
  }
  return { id: await options.insert(options.id), created: true };
}
