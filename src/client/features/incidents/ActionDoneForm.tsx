import { useState } from 'react';
import { optionalText } from '#shared/schemas/common.ts';
import { maxEvidenceFiles, type IncidentAction } from '#shared/schemas/incident-action.ts';
import { Field, Input, Textarea } from '#client/components/ui/Field.tsx';
import { SaveForm } from '#client/components/ui/SaveForm.tsx';
import { saveAndNotify, saveChange } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { notify } from '#client/lib/notify.ts';
import { acceptedFiles, problemWith } from '#client/features/attachments/file-rules.ts';
import { actionPatchChange } from './action-changes.ts';
import { incidentAttachmentChange } from './incident-changes.ts';
import type { LocalIncident } from './incident-list.ts';

const noteSchema = optionalText('Note', 2000);

/**
 * Marking an action Done with what was done and photos of it: the photos become the incident's files
 * (queued first, so the outbox sends them before the Done that names them) and the safety officers
 * are told to verify it.
 */
export function ActionDoneForm({
  incident,
  action,
  onDone,
}: {
  incident: LocalIncident;
  action: IncidentAction;
  onDone: () => void;
}) {
  const user = useSignedInUser();
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ note?: string; files?: string }>({});

  function choose(chosen: File[]) {
    const problem = chosen.map(problemWith).find(Boolean);
    const tooMany = chosen.length > maxEvidenceFiles ? `At most ${maxEvidenceFiles} evidence files.` : null;
    setErrors({ ...errors, files: problem ?? tooMany ?? undefined });
    setFiles(problem || tooMany ? [] : chosen);
  }

  async function submit() {
    const parsed = noteSchema.safeParse(note);
    if (!parsed.success) return setErrors({ ...errors, note: parsed.error.issues[0]!.message });
    try {
      const uploads = files.map((file) => incidentAttachmentChange(user, incident, file));
      for (const upload of uploads) await saveChange(upload);
      const evidence = uploads.map((upload) => upload.id!);
      const patch = {
        status: 'Done' as const,
        ...(parsed.data && { note: parsed.data }),
        ...(evidence.length && { evidence }),
      };
      if (
        await saveAndNotify(actionPatchChange(user, incident, action, patch), 'Action done', 'Failed to update action')
      )
        onDone();
    } catch (error) {
      notify.error(error, 'Failed to update action');
    }
  }

  return (
    <SaveForm
      label={`Mark "${action.title}" done`}
      onSave={submit}
      onCancel={onDone}
      saveLabel="Confirm Done"
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <Field label="What was done" hint="Optional; the safety officer reads it when verifying" error={errors.note}>
        <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={2000} />
      </Field>
      <Field label="Evidence photos" hint="Optional; added to the incident's files" error={errors.files}>
        <Input
          type="file"
          multiple
          accept={acceptedFiles}
          className="py-2"
          onChange={(event) => choose([...(event.target.files ?? [])])}
        />
      </Field>
    </SaveForm>
  );
}
