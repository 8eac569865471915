import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import { investigation as investigationSchema, type Investigation } from '#shared/schemas/incident-action.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Textarea } from '#client/components/ui/Field.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { investigationChange } from './incident-changes.ts';
import type { LocalIncident } from './incident-list.ts';

const whyCount = 5;

function InvestigationView({ investigation }: { investigation: Investigation }) {
  const whys = investigation.whys.filter((why) => why.trim() !== '');
  if (!investigation.rootCause && whys.length === 0 && !investigation.contributingFactors) {
    return <p className="text-slate-500">Not investigated yet</p>;
  }
  return (
    <dl className="space-y-2">
      <dt className="text-slate-500">Root cause</dt>
      <dd className="whitespace-pre-wrap text-slate-900">{investigation.rootCause || '—'}</dd>
      {whys.length > 0 && (
        <>
          <dt className="text-slate-500">Five whys</dt>
          <dd>
            <ol className="list-decimal space-y-1 pl-5">
              {whys.map((why, index) => (
                <li key={index}>{why}</li>
              ))}
            </ol>
          </dd>
        </>
      )}
      <dt className="text-slate-500">Contributing factors</dt>
      <dd className="whitespace-pre-wrap text-slate-900">{investigation.contributingFactors || '—'}</dd>
    </dl>
  );
}

function InvestigationForm({ incident, onDone }: { incident: LocalIncident; onDone: () => void }) {
  const user = useSignedInUser();
  const [draft, setDraft] = useState<Investigation>(() => ({
    ...incident.investigation,
    whys: Array.from({ length: whyCount }, (_, index) => incident.investigation.whys[index] ?? ''),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = investigationSchema.safeParse({ ...draft, whys: draft.whys.filter((why) => why.trim() !== '') });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const change = investigationChange(user, incident, parsed.data);
    if (await saveAndNotify(change, 'Investigation saved', 'Failed to save investigation')) onDone();
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <Field label="Root cause" error={errors.rootCause}>
        <Textarea
          rows={3}
          value={draft.rootCause}
          onChange={(event) => setDraft({ ...draft, rootCause: event.target.value })}
        />
      </Field>
      {draft.whys.map((why, index) => (
        <Field key={index} label={`Why ${index + 1}?`} error={errors[`whys.${index}`]}>
          <Input
            value={why}
            onChange={(event) =>
              setDraft({ ...draft, whys: draft.whys.map((old, at) => (at === index ? event.target.value : old)) })
            }
          />
        </Field>
      ))}
      <Field label="Contributing factors" error={errors.contributingFactors}>
        <Textarea
          rows={3}
          value={draft.contributingFactors}
          onChange={(event) => setDraft({ ...draft, contributingFactors: event.target.value })}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit">Save Investigation</Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Root cause, five whys and contributing factors; safety officers and admins edit them. */
export function InvestigationSection({ incident }: { incident: LocalIncident }) {
  const user = useSignedInUser();
  const [editing, setEditing] = useState(false);
  if (editing) return <InvestigationForm incident={incident} onDone={() => setEditing(false)} />;
  return (
    <div className="space-y-2">
      <InvestigationView investigation={incident.investigation} />
      {can(user.role, 'incident:investigate') && (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit Investigation
        </Button>
      )}
    </div>
  );
}
