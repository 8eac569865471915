import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { clearToken } from '#client/lib/token.ts';
import { sessionKey } from '#client/data/session/session.ts';

/**
 * A 401 while replaying: the user is signed out quietly (spec section 4), but the changes saved on
 * this device stay in the outbox and are sent once the same user signs in again.
 */
export function useSignOutOnExpiredToken() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    queryClient.setQueryData(sessionKey, null);
    toast.error('Your session has expired. Sign in again to send the changes saved on this device.', {
      id: 'session-expired',
    });
  }, [queryClient]);
}
