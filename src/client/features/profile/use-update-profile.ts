import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponse, type ProfileBody } from '#shared/schemas/user.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.ts';
import { rememberUser } from '#client/lib/token.ts';
import { sessionKey } from '#client/data/session/session.ts';

/** PUT /api/auth/profile: an online action, not queued; on success the user is refetched (spec section 7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody) => (await api.put('auth/profile', { json: body }).json(profileResponse)).user,
    networkMode: 'always',
    onSuccess: async (user) => {
      rememberUser(user);
      queryClient.setQueryData(sessionKey, user);
      notify.success('Profile updated successfully!');
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
    onError: (error) => notify.error(error, 'Failed to update profile'),
  });
}
