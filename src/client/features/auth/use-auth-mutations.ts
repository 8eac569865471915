import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authResponse, type LoginBody, type registerBody } from '../../../shared/schemas/user.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { requestPersistentStorage } from '../../lib/storage.ts';
import { rememberUser, saveToken } from '../../lib/token.ts';
import { sessionKey } from '../../data/session.ts';

function useSignIn<Body extends object>(path: string, successText: string, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post(path, { json: body }).json(authResponse),
    networkMode: 'always',
    onSuccess: ({ token, user }) => {
      saveToken(token);
      rememberUser(user);
      queryClient.setQueryData(sessionKey, user);
      notify.success(successText);
      requestPersistentStorage();
    },
    onError: (error) => notify.error(error, fallback),
  });
}

export function useLogin() {
  return useSignIn<LoginBody>('auth/login', 'Login successful!', 'Invalid email or password');
}

export function useRegister() {
  return useSignIn<z.output<typeof registerBody>>('auth/register', 'Registration successful!', 'Registration failed');
}
