import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  managedUser,
  resetCodeResponse,
  type ManagedUser,
  type RoleDecision,
  type UserUpdate,
} from '#shared/schemas/user.ts';
import { roleLabels } from '#shared/enums.ts';
import { ApiError, api } from '#client/lib/api.ts';
import { toast } from 'sonner';
import { notify } from '#client/lib/notify.ts';

/**
 * GET /api/users/accounts: every account as admins manage it. Kept in the persisted query cache, so the
 * Users screen opens offline with the list last read; changing a user needs the server.
 */
export const managedUsersQuery = queryOptions({
  queryKey: ['users', 'accounts'],
  queryFn: () => api.get('users/accounts').json(z.array(managedUser)),
});

export function useManagedUsers() {
  return useQuery(managedUsersQuery);
}

export const needsConnection =
  'Changing users needs a connection to the server. Nothing was changed: try again when you are online.';

/** The server's message, or that changing users needs the network: what is typed stays in the form. */
function tellFailure(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.isNetworkFailure) toast.error(needsConnection);
  else notify.error(error, fallback);
}

/** An admin's change of a user, sent at once (not queued); the list and the assignee names follow. */
function useUserChange<T, R>(
  send: (input: T) => Promise<R>,
  fallback: string,
  success?: (result: R, input: T) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    networkMode: 'always',
    onSuccess: async (result, input) => {
      if (success) notify.success(success(result, input));
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => tellFailure(error, fallback),
  });
}

export function useUpdateUser(user: ManagedUser) {
  return useUserChange(
    (body: UserUpdate) => api.patch(`users/${user._id}`, { json: body }).json(managedUser),
    `Could not change ${user.name}`,
    (updated) => `${updated.name} updated`,
  );
}

export function useDecideRole(user: ManagedUser) {
  return useUserChange(
    (body: RoleDecision) => api.post(`users/${user._id}/role-request`, { json: body }).json(managedUser),
    `Could not answer ${user.name}'s role request`,
    (decided, { decision }) =>
      decision === 'approve' ? `${decided.name} is now ${roleLabels[decided.role]}` : `${decided.name} stays Operator`,
  );
}

export function useResetCode(user: ManagedUser) {
  return useUserChange(
    () => api.post(`users/${user._id}/reset-code`).json(resetCodeResponse),
    `Could not create a reset code for ${user.name}`,
  );
}
