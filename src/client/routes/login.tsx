import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '#client/features/auth/LoginPage.tsx';

export const Route = createFileRoute('/login')({ component: LoginPage });
