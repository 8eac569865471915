import { createFileRoute } from '@tanstack/react-router';
import { ScanPage } from '#client/features/scan/ScanPage.tsx';

export const Route = createFileRoute('/_app/scan')({ component: ScanPage });
