import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { isolationKindLabels, maxIsolationPoints, type IsolationPoint } from '#shared/isolation.ts';
import { can } from '#shared/permissions.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { IsolationPointDialog } from './IsolationPointDialog.tsx';
import { emptyIsolationPoint, withoutPoint, withPoint } from './isolation-point-form.ts';
import { isolationPointsChange } from './machine-changes.ts';
import type { LocalMachine } from './machine-list.ts';

type Editing = { point: IsolationPoint; isNew: boolean } | null;

/** The machine's energy isolation points; engineers and admins add, edit and remove them, offline too. */
export function IsolationPointsSection({ machine }: { machine: LocalMachine }) {
  const user = useSignedInUser();
  const mayEdit = can(user.role, 'machine:update');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<IsolationPoint | null>(null);
  const points = machine.isolationPoints;

  /** `what` names the change in the Sync panel and in the toast. */
  const save = (next: IsolationPoint[], what: string) =>
    saveAndNotify(isolationPointsChange(user, machine, next, what), what, 'Failed to save isolation point');

  async function remove(point: IsolationPoint) {
    if (await save(withoutPoint(points, point._id), 'Isolation point removed')) {
      setRemoving(null);
    }
  }

  return (
    <>
      {points.length === 0 ? (
        <p className="text-sm text-slate-500">No isolation points recorded.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {points.map((point, index) => (
            <li key={point._id} className="space-y-2 px-3 py-3" aria-label={`Isolation point ${index + 1}`}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="orange">{isolationKindLabels[point.kind]}</Badge>
                <span className="min-w-0 flex-[1_1_12rem] font-medium break-words text-slate-900">
                  {point.location}
                </span>
                {mayEdit && (
                  <span className="flex gap-1">
                    <Button variant="ghost" onClick={() => setEditing({ point, isNew: false })}>
                      <Pencil aria-hidden="true" className="size-4" /> Edit
                      <span className="sr-only"> isolation point {index + 1}</span>
                    </Button>
                    <Button variant="ghost" onClick={() => setRemoving(point)}>
                      <Trash2 aria-hidden="true" className="size-4" /> Remove
                      <span className="sr-only"> isolation point {index + 1}</span>
                    </Button>
                  </span>
                )}
              </div>
              <DetailList
                className="sm:grid-cols-2"
                details={[
                  ['How to isolate', point.isolate],
                  ['How to verify zero energy', point.verify],
                ]}
              />
            </li>
          ))}
        </ol>
      )}
      {mayEdit &&
        (points.length < maxIsolationPoints ? (
          <Button variant="secondary" onClick={() => setEditing({ point: emptyIsolationPoint(), isNew: true })}>
            <Plus aria-hidden="true" className="size-4" /> Add Isolation Point
          </Button>
        ) : (
          <p className="text-sm text-slate-600">A machine has at most {maxIsolationPoints} isolation points.</p>
        ))}
      {editing && (
        <IsolationPointDialog
          {...editing}
          onClose={() => setEditing(null)}
          onSave={(point) =>
            save(withPoint(points, point), editing.isNew ? 'Isolation point added' : 'Isolation point edited')
          }
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Isolation Point"
        confirmLabel="Remove Point"
        destructive
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing && (
          <p>
            Remove the {isolationKindLabels[removing.kind].toLowerCase()} point <strong>{removing.location}</strong>{' '}
            from {machine.name}?
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
