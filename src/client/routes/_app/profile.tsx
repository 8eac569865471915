import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '#client/features/profile/ProfilePage.tsx';

export const Route = createFileRoute('/_app/profile')({ component: ProfilePage });
