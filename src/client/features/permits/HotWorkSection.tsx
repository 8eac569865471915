import { useState } from 'react';
import type { Permit } from '#shared/schemas/permit.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { DetailList } from '#client/components/ui/Detail.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { HotWorkFields, hotWorkForm, hotWorkValues } from './HotWorkFields.tsx';
import { hotWorkChange } from './permit-changes.ts';

function HotWorkDialog({ permit, onClose }: { permit: Permit; onClose: () => void }) {
  const user = useSignedInUser();
  const { form, set } = useFormState(() => hotWorkForm(permit));
  async function submit() {
    const change = hotWorkChange(user, permit, hotWorkValues(form));
    if (await saveAndNotify(change, 'Hot work details saved', 'Failed to update permit to work')) onClose();
  }
  return (
    <FormModal onClose={onClose} title="Hot Work Details" submitLabel="Save" onSubmit={submit}>
      <HotWorkFields form={form} set={set} />
    </FormModal>
  );
}

/** A hot work permit's gas test and fire watch, editable while the permit is open. */
export function HotWorkSection({ permit, editable }: { permit: Permit; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-label="Hot work" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Hot work</h4>
        {editable && (
          <Button variant="secondary" onClick={() => setEditing(true)} className="print:hidden">
            Edit
          </Button>
        )}
      </div>
      <DetailList
        className="grid-cols-1 sm:grid-cols-3"
        details={[
          ['Gas test', permit.gasTest ?? 'Not recorded'],
          ['Fire watch', permit.fireWatch ?? 'Not named'],
          ['Fire watch until', permit.fireWatchUntil ? formatDateTime(permit.fireWatchUntil) : 'Not set'],
        ]}
      />
      {editing && <HotWorkDialog permit={permit} onClose={() => setEditing(false)} />}
    </section>
  );
}
