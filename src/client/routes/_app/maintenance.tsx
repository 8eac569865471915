import { createFileRoute } from '@tanstack/react-router';
import { MaintenancePage } from '../../features/maintenance/MaintenancePage.tsx';

export const Route = createFileRoute('/_app/maintenance')({ component: MaintenancePage });
