import { useState } from 'react';
import { syncEngine } from '#client/data/sync/sync-engine.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.ts';
import { useIsOnline } from '#client/data/sync/use-sync.ts';

/** Why a delete button is disabled offline. */
export const deleteNeedsConnection = 'Deleting needs a connection to the server.';

export interface DeleteOnServer {
  /** Under /api, without the leading slash: 'machines/<id>'. */
  path: string;
  success: string;
  failure: string;
  /** What this device does at once when the server has deleted it (the sync that follows does the rest). */
  onDeleted?: () => Promise<unknown> | void;
}

/**
 * A delete confirmed first and sent at once, with the spec's toasts: deletes are not queued (the outbox
 * carries only POST, PUT and PATCH), so they need the server. A sync then brings the records it changed.
 * Returns whether the server can be reached, what opens the confirmation, and that dialog's props.
 */
export function useDeleteOnServer({ path, success, failure, onDeleted }: DeleteOnServer) {
  const isOnline = useIsOnline();
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    const deleted = await api.delete(path).then(
      () => true,
      (error: unknown) => {
        notify.error(error, failure);
        return false;
      },
    );
    setDeleting(false);
    setConfirming(false);
    if (!deleted) return;
    notify.success(success);
    await onDeleted?.();
    void syncEngine.syncNow();
  }

  return {
    isOnline,
    askToConfirm: () => setConfirming(true),
    dialog: {
      open: isConfirming,
      busy: isDeleting,
      destructive: true,
      onConfirm: () => void confirm(),
      onCancel: () => setConfirming(false),
    },
  };
}
