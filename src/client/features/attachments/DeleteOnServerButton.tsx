import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import {
  deleteNeedsConnection,
  useDeleteOnServer,
  type DeleteOnServer,
} from '#client/data/outbox/use-delete-on-server.ts';

/**
 * A bin icon that deletes something the server holds once the person confirms (online only: offline it
 * is disabled and says why). `name` labels the button; `title` and `children` make the question.
 */
export function DeleteOnServerButton({
  name,
  title,
  className = '',
  children,
  ...deletion
}: DeleteOnServer & { name: string; title: string; className?: string; children: ReactNode }) {
  const { isOnline, askToConfirm, dialog } = useDeleteOnServer(deletion);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={name}
        title={isOnline ? name : deleteNeedsConnection}
        disabled={!isOnline}
        onClick={askToConfirm}
        className={`text-red-700 hover:bg-red-50 hover:text-red-800 ${className}`}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </Button>
      <ConfirmDialog {...dialog} title={title} confirmLabel={title}>
        {children}
      </ConfirmDialog>
    </>
  );
}
