import { createFileRoute } from '@tanstack/react-router';
import { AccessDenied } from '#client/features/auth/AccessDenied.tsx';

export const Route = createFileRoute('/unauthorized')({ component: AccessDenied });
