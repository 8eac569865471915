/**
 * How many records a list shows on a synced device of the token's user with the default window: the
 * server's total for the list's query minus those outside the user's working set (`/api/sync/older`).
 */
export async function workingSetTotal(
  baseUrl: string,
  token: string,
  list: 'tickets' | 'incidents',
  query = '',
): Promise<number> {
  const totalOf = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/${path}?${query}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { total: number }).total;
  };
  const [all, older] = await Promise.all([totalOf(list), totalOf(`sync/older/${list}`)]);
  return all - older;
}
