import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '#client/features/not-found/NotFoundPage.tsx';

/** Any other address, signed in: a not-found page in the app's layout (signed out, the guard asks to sign in). */
export const Route = createFileRoute('/_app/$')({ component: NotFoundPage });
