import { useEffect, useState } from 'react';
import { LoginScreen } from '#client/features/auth/LoginScreen.tsx';
import type { AuthRequest } from '#client/features/auth/sign-in.ts';
import { onFirstInteraction } from '#client/lib/on-first-interaction.ts';
import { onTokenChangeInOtherTab, readToken } from '#client/lib/token.ts';
import { appCode } from '#client/load-app.ts';

/**
 * The sign-in screen for a signed-out visitor of /login, drawn from a small script: the app's code
 * (router, query cache, toasts), the first screen's and the sync's thread load when the person first
 * turns to the form, while they type.
 * Signed in, here or in another tab, `onSignedIn` draws the app, which goes on to the dashboard.
 */
export function LoginWhileAppLoads({ onSignedIn }: { onSignedIn: () => void }) {
  const [app, setApp] = useState<Awaited<ReturnType<typeof appCode>> | null>(null);
  useEffect(
    () =>
      onFirstInteraction(
        () =>
          void appCode()
            .then((loaded) => {
              setApp(loaded);
              void loaded.prepareSync();
              void loaded.loadFirstScreen('/');
            })
            // Sign In loads it again, and the form says so if that fails too.
            .catch(() => {}),
      ),
    [],
  );
  useEffect(
    () =>
      onTokenChangeInOtherTab(() => {
        if (readToken()) onSignedIn();
      }),
    [onSignedIn],
  );

  const submit = async (request: AuthRequest) => {
    const { signIn } = await appCode();
    if (await signIn(request)) onSignedIn();
  };

  return (
    <>
      <LoginScreen onSubmit={submit} />
      {/* A failed sign-in is a toast, as in the app. */}
      {app && <app.Toasts />}
    </>
  );
}
