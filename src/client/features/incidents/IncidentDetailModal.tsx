import type { ReactNode } from 'react';
import { can, incidentEditableFields } from '#shared/permissions.ts';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import { incidentUpdate, type IncidentUpdate } from '#shared/schemas/incident.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import type { RecordDetailKind, RecordEditKind } from '#client/features/records/record-kind.ts';
import { RecordDetailModal } from '#client/features/records/RecordDetailModal.tsx';
import { RecordEditForm } from '#client/features/records/RecordEditForm.tsx';
import { ActionsSection } from './ActionsSection.tsx';
import { incidentAttachmentChange, incidentEditChange } from './incident-changes.ts';
import { dateRequired, formFromIncident, incidentInput, type IncidentForm } from './incident-form.ts';
import { IncidentFields } from './IncidentFields.tsx';
import { InvestigationSection } from './InvestigationSection.tsx';
import type { LocalIncident } from './incident-list.ts';
import { IncidentBadges } from './IncidentBadges.tsx';
import { IncidentStatusSelect } from './IncidentStatusSelect.tsx';
import { IncidentTypeIcon } from './IncidentTypeIcon.tsx';
import { useIncident } from './use-incidents.ts';
import { formatDate, formatDateTime } from '#client/lib/dates.ts';

const none = <span className="text-slate-500">None recorded</span>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      <div className="text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** Label and value side by side: the facts of a report read like a form. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of people, each as a line of name and details, or 'None recorded'. */
function People({ people }: { people: { name: string; details: string[] }[] }) {
  if (people.length === 0) return none;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {people.map((person, index) => (
        <li key={index} className="px-3 py-2">
          <span className="font-medium text-slate-900">{person.name || 'Unnamed'}</span>
          {person.details.filter(Boolean).map((detail) => (
            <span key={detail} className="text-slate-600">
              {' · '}
              {detail}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** How the history words the changes of an incident's actions and its closing with a reason. */
function actionChangesOf(incident: LocalIncident) {
  return ({ field, oldValue, newValue }: HistoryEntry, text: (value: unknown) => string) => {
    if (field === 'closeReason') return `Closed with actions not verified: ${text(newValue)}`;
    const [, actionId, part] = /^actions\.([^.]+)(?:\.(\w+))?$/.exec(field) ?? [];
    if (!actionId) return undefined;
    const title = incident.actions.find((action) => action._id === actionId)?.title ?? text(newValue);
    if (!part) return `Action added: ${title}`;
    if (part === 'note') return `Action "${title}": done note ${text(newValue)}`;
    if (part === 'evidence') {
      const count = Array.isArray(newValue) ? newValue.length : 0;
      return `Action "${title}": ${count === 1 ? '1 evidence file' : `${count} evidence files`}`;
    }
    return `Action "${title}": ${part} ${text(oldValue)} → ${text(newValue)}`;
  };
}

function IncidentReport({ record: incident }: { record: LocalIncident }) {
  return (
    <>
      <p className="text-sm whitespace-pre-wrap text-slate-700">{incident.description}</p>

      <Facts
        facts={[
          ['Type', incident.type],
          ['Department', incident.department],
          ['Location', incident.location],
          ['Incident Date', formatDate(incident.incidentDate)],
          ['Reported By', incident.reportedBy?.name ?? 'Anonymous'],
          ['Reported', formatDateTime(incident.createdAt)],
        ]}
      />

      <Section title={`Involved Persons (${incident.involvedPersons.length})`}>
        <People
          people={incident.involvedPersons.map(({ name, role, department }) => ({ name, details: [role, department] }))}
        />
      </Section>
      <Section title={`Witnesses (${incident.witnesses.length})`}>
        <People people={incident.witnesses.map(({ name, contact }) => ({ name, details: [contact] }))} />
      </Section>
      <Section title="Immediate Actions Taken">
        {incident.immediateActions ? <p className="whitespace-pre-wrap">{incident.immediateActions}</p> : none}
      </Section>
    </>
  );
}

const incidentEdit: RecordEditKind<LocalIncident, IncidentForm, IncidentUpdate> = {
  noun: 'incident',
  formFrom: formFromIncident,
  input: incidentInput,
  validate: (input, form) => {
    const parsed = incidentUpdate.safeParse(input);
    return parsed.success ? { data: parsed.data } : { errors: dateRequired(form, fieldErrors(parsed.error)) };
  },
  change: incidentEditChange,
  fields: ({ form, set, setValue, errors }) => (
    <IncidentFields form={form} set={set} setValue={setValue} errors={errors} />
  ),
};

const incidentDetail: RecordDetailKind<LocalIncident> = {
  entity: 'incident',
  noun: 'incident',
  number: (incident) => incident.incidentNumber,
  useRecord: useIncident,
  editable: incidentEditableFields,
  // Closing follows the actions' verification, done below: the status is at hand here too.
  showsStatus: (user) => can(user.role, 'incident:manage'),
  head: ({ record: incident }) => (
    <div className="flex min-w-0 items-start gap-3">
      <IncidentTypeIcon type={incident.type} />
      <div className="min-w-0 space-y-2">
        <IncidentBadges incident={incident} />
        <h3 className="text-xl font-semibold break-words text-slate-900">{incident.title}</h3>
      </div>
    </div>
  ),
  status: ({ record }) => <IncidentStatusSelect incident={record} />,
  statusWidth: 'w-56',
  edit: (props) => <RecordEditForm kind={incidentEdit} {...props} />,
  view: IncidentReport,
  sections: ({ record: incident }) => (
    <>
      <Section title="Investigation">
        <InvestigationSection incident={incident} />
      </Section>
      <Section title={`Corrective & Preventive Actions (${incident.actions.length})`}>
        <ActionsSection incident={incident} />
      </Section>
    </>
  ),
  attachmentChange: incidentAttachmentChange,
  describeHistory: actionChangesOf,
  signers: ['Reported by', 'Investigated by', 'Safety officer', 'Area manager'],
};

/** The whole report as this device has it, live: files added here show at once, marked until sent. */
export function IncidentDetailModal({ recordId, onClose }: { recordId: string | null; onClose: () => void }) {
  return <RecordDetailModal kind={incidentDetail} recordId={recordId} onClose={onClose} />;
}
