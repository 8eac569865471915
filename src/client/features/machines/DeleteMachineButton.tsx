import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { localDb } from '#client/data/store/db.ts';
import { forgetRecord } from '#client/data/store/local-records.ts';
import { deleteNeedsConnection, useDeleteOnServer } from '#client/data/outbox/use-delete-on-server.ts';
import type { LocalMachine } from './machine-list.ts';

interface DeleteMachineButtonProps {
  machine: LocalMachine;
  /** Closes the details once the server has deleted the machine. */
  onDeleted: () => void;
}

/** Admins only (the caller checks): an online action, confirmed first. */
export function DeleteMachineButton({ machine, onDeleted }: DeleteMachineButtonProps) {
  const reasonId = useId();
  const { isOnline, askToConfirm, dialog } = useDeleteOnServer({
    path: `machines/${machine._id}`,
    success: 'Machine deleted successfully!',
    failure: 'Failed to delete machine',
    onDeleted: () => {
      onDeleted();
      return forgetRecord(localDb, 'machine', machine._id);
    },
  });

  return (
    <div className="mr-auto flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="danger"
        onClick={askToConfirm}
        disabled={!isOnline}
        aria-describedby={isOnline ? undefined : reasonId}
      >
        <Trash2 aria-hidden="true" className="size-4" /> Delete Machine
      </Button>
      {!isOnline && (
        <p id={reasonId} className="text-sm text-amber-800">
          {deleteNeedsConnection}
        </p>
      )}
      <ConfirmDialog {...dialog} title="Delete Machine" confirmLabel="Delete Machine">
        <p>
          Delete <strong>{machine.name}</strong> ({machine.machineId})? It leaves the machine list for everyone.
        </p>
        <p>Its tickets keep it: they still show this machine.</p>
      </ConfirmDialog>
    </div>
  );
}
