import { createFileRoute } from '@tanstack/react-router';
import { MachinesPage } from '../../features/machines/MachinesPage.tsx';

export const Route = createFileRoute('/_app/machines')({ component: MachinesPage });
