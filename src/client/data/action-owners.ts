type Indexed = Record<string, unknown>;

/** Who owns an incident's actions not verified yet: the multi-entry index "My actions" reads. */
export function actionOwners(record: Indexed): string[] {
  const actions = Array.isArray(record.actions)
    ? (record.actions as { owner?: { _id: string } | null; status?: string }[])
    : [];
  const owners = actions.filter((action) => action.status !== 'Verified').map((action) => action.owner?._id);
  return [...new Set(owners.filter((owner) => owner !== undefined))];
}
