import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { roleLabels } from '#shared/enums.ts';
import type { LoginBody, registerBody, ResetPasswordBody, User } from '#shared/schemas/user.ts';
import { sessionKey } from '#client/data/session/session.ts';
import type { SyncEngine } from '#client/data/sync/sync-engine.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.ts';
import { requestPersistentStorage } from '#client/lib/storage.ts';
import { rememberUser, saveToken } from '#client/lib/token.ts';

/** What the sign-in form sends once the shared schema accepted it: a sign-in or a registration. */
export type AuthRequest =
  | { mode: 'signin'; body: LoginBody }
  | { mode: 'signup'; body: z.output<typeof registerBody> }
  | { mode: 'reset'; body: ResetPasswordBody };

const modes = {
  signin: { path: 'auth/login', success: 'Login successful!', fallback: 'Invalid email or password' },
  signup: { path: 'auth/register', success: 'Registration successful!', fallback: 'Registration failed' },
  reset: {
    path: 'auth/reset-password',
    success: 'Password changed. You are signed in.',
    fallback: 'Password reset failed',
  },
} as const;

/** Long enough to read: the account works, but not yet with the role chosen (src/docs/permissions.md). */
function tellWaitingRole({ role, requestedRole }: User) {
  if (!requestedRole) return false;
  notify.lasting(
    `Registration successful! Your ${roleLabels[requestedRole]} role waits for an admin's approval. Until then you can sign in and work as ${roleLabels[role]}.`,
  );
  return true;
}

let loadingSyncEngine: Promise<SyncEngine | null> | undefined;

/**
 * Loads the sync engine and starts its thread, while the person types and while the server checks
 * the password: the first pull then goes out as the token arrives, not once the app's screens have
 * loaded (seconds on a tablet).
 */
export function prepareSync(): Promise<SyncEngine | null> {
  loadingSyncEngine ??= import('#client/data/sync/sync-engine.ts').then(
    ({ syncEngine }) => syncEngine,
    // Not loaded now (the app's code was updated on the server, say): the app starts it as it loads.
    () => null,
  );
  return loadingSyncEngine.then((engine) => {
    engine?.prepare();
    return engine;
  });
}

/**
 * Signs in or registers (spec section 2): the token and the user are stored where every start reads
 * them and become the session of `queryClient`; the outcome is a toast. Answers whether it succeeded.
 */
export async function signIn(queryClient: QueryClient, { mode, body }: AuthRequest): Promise<boolean> {
  const { path, success, fallback } = modes[mode];
  const syncEngine = prepareSync();
  try {
    const { authResponse } = await import('#shared/schemas/user.ts');
    const { token, user } = await api.post(path, { json: body }).json(authResponse);
    saveToken(token);
    rememberUser(user);
    void syncEngine.then((engine) => engine?.pullNow());
    queryClient.setQueryData(sessionKey, user);
    if (!tellWaitingRole(user)) notify.success(success);
    requestPersistentStorage();
    return true;
  } catch (error) {
    notify.error(error, fallback);
    return false;
  }
}
