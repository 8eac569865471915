import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { localDb } from '#client/data/store/db.ts';
import { clearLocalData, pendingCount } from '#client/data/session/session-data.ts';
import { notify } from '#client/lib/notify.ts';
import { clearToken } from '#client/lib/token.ts';
import { sessionKey, useSignedInUser } from '#client/data/session/session.ts';

/**
 * Logout (spec section 4, issue 3): when this user still has changes that never reached the server,
 * `unsent` holds their number so the caller can warn first; then token, cached queries and local data go.
 */
export function useLogout() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      clearToken();
      await clearLocalData(localDb);
      // Downloaded attachments belong to this user's session too.
      await globalThis.caches?.delete('attachments');
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, null);
      notify.success('Logged out successfully');
    } finally {
      setSigningOut(false);
      setUnsent(null);
    }
  };

  const requestLogout = async () => {
    const count = await pendingCount(localDb, user._id);
    if (count > 0) setUnsent(count);
    else await signOut();
  };

  return { requestLogout, signOut, unsent, cancel: () => setUnsent(null), isSigningOut };
}
