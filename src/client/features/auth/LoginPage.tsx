import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FullPageSpinner } from '#client/components/ui/Spinner.tsx';
import { useSession } from '#client/data/session/session.ts';
import { LoginScreen } from './LoginScreen.tsx';
import { onFirstInteraction } from '#client/lib/on-first-interaction.ts';
import { prepareSync, signIn } from './sign-in.ts';

function RedirectToDashboard() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to: '/', replace: true });
  }, [navigate]);
  return <FullPageSpinner label="Redirecting to dashboard..." />;
}

/** /login inside the app: after a sign-out, or for a visitor the guard sent here; signed in, the dashboard. */
export function LoginPage() {
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  // The sync's thread, stopped at the sign-out, starts again while the person types.
  useEffect(() => onFirstInteraction(() => void prepareSync()), []);
  if (isLoading) return <FullPageSpinner />;
  if (user) return <RedirectToDashboard />;
  return <LoginScreen onSubmit={(request) => signIn(queryClient, request)} />;
}
