/**
 * What an edit changed: the fields whose value differs between the form as it opened and as it is now
 * (both shaped as the schema takes them), with their validated values. Only those go to the server,
 * so an edit never overwrites a field someone else changed meanwhile.
 */
export function changedFields<T extends object>(before: object, after: object, valid: T): Partial<T> {
  const was = before as Partial<Record<keyof T, unknown>>;
  const now = after as Partial<Record<keyof T, unknown>>;
  const changes: Partial<T> = {};
  for (const field of Object.keys(valid) as (keyof T)[]) {
    if (JSON.stringify(was[field]) !== JSON.stringify(now[field])) changes[field] = valid[field];
  }
  return changes;
}
