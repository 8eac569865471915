type Indexed = Record<string, unknown>;

/** Who owns an incident's actions not verified yet: the multi-entry index "My actions" reads. */
export function actionOwners(record: Indexed): string[] {
  const actions = Array.isArray(record.actions)
    ? (record.actions as { owner?: { _id: string } | null; status?: string }[])
    : [];
  const owners = actions.filter((action) => action.status !== 'Verified').map((action) => action.owner?._id);
  return [...new Set(owners.filter((owner) => owner !== undefined))];
}

/**
 * `[1]` while an action of the incident is Done and waits for its verification, else none: the
 * multi-entry index the safety officer's "Awaiting verification" reads (`where('_awaiting').equals(1)`).
 */
export function awaitingVerification(record: Indexed): number[] {
  const actions = Array.isArray(record.actions) ? (record.actions as { status?: string }[]) : [];
  return actions.some((action) => action.status === 'Done') ? [1] : [];
}
