import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QrCode } from 'lucide-react';
import { storeroom, type Storeroom } from '#shared/schemas/part.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Modal } from '#client/components/ui/Modal.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useIsOnline } from '#client/data/sync/use-sync.ts';
import { api } from '#client/lib/api.ts';
import { AddRowForm } from './AddRowForm.tsx';
import { useStorerooms } from './use-parts.ts';

/**
 * The storerooms and their bins, and creating them (`part:manage`). These go straight to the server:
 * the device keeps storerooms in the query cache only, so offline the dialog lists them and says that
 * adding needs a connection (src/docs/parts.md).
 */
export function StoreroomsDialog({ onClose }: { onClose: () => void }) {
  const rooms = useStorerooms();
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const keep = (room: Storeroom) =>
    void queryClient.setQueryData<Storeroom[]>(['storerooms'], (listed = []) =>
      [...listed.filter((other) => other._id !== room._id), room].sort((a, b) => a.name.localeCompare(b.name)),
    );
  const post = async (url: string, json: object) => keep(await api.post(url, { json }).json(storeroom));

  return (
    <Modal open onClose={onClose} title="Storerooms" size="lg">
      <div className="space-y-5">
        {!isOnline && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Needs a connection: storerooms and bins are added on the server. The list is the last one read.
          </p>
        )}
        <section aria-label="New storeroom" className="space-y-2">
          <h4 className="text-sm font-semibold text-slate-900">New storeroom</h4>
          <AddRowForm
            fields={[
              ['Name', 100],
              ['Location', 200],
            ]}
            submitLabel="Add storeroom"
            failure="Failed to create storeroom"
            disabled={!isOnline}
            onSubmit={(name, location) => post('storerooms', { name, location })}
          />
        </section>
        {rooms.isPending && <Spinner label="Loading storerooms" />}
        {rooms.isError && !rooms.data && (
          <p className="text-sm text-slate-600">The storerooms are read from the server: not available offline yet.</p>
        )}
        {rooms.data?.map((room) => (
          <section key={room._id} aria-label={room.name} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h4 className="font-semibold text-slate-900">{room.name}</h4>
                {room.location && <p className="text-sm text-slate-600">{room.location}</p>}
              </div>
              {room.bins.length > 0 && (
                <Link
                  to="/parts/labels"
                  search={{ binsOf: room._id }}
                  className={buttonClasses('secondary')}
                  aria-label={`Print bin labels of ${room.name}`}
                >
                  <QrCode aria-hidden="true" className="size-5" /> Print bin labels
                </Link>
              )}
            </div>
            <p className="text-sm text-slate-700">
              {room.bins.length === 0
                ? 'No bins yet.'
                : `${room.bins.length} ${room.bins.length === 1 ? 'bin' : 'bins'}: ${room.bins.map((bin) => bin.code).join(', ')}`}
            </p>
            <AddRowForm
              fields={[
                ['Bin code', 40],
                ['Description', 200],
              ]}
              submitLabel="Add bin"
              failure="Failed to add bin"
              disabled={!isOnline}
              onSubmit={(code, description) => post(`storerooms/${room._id}/bins`, { code, description })}
            />
          </section>
        ))}
      </div>
    </Modal>
  );
}
