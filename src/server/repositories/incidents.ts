import { eq, type SQL } from 'drizzle-orm';
import { incidentEditableFields, incidentReporterFields } from '#shared/permissions.ts';
import type { Incident, IncidentCreate, IncidentFilterQuery, IncidentUpdate } from '#shared/schemas/incident.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { incidents, users } from '../db/schema.ts';
import { attachmentsOf, toFileRefs } from './files.ts';
import { recordColumns, searchWordsOf, type Actor, type EditRule } from './numbered-records.ts';
import { loadOne, numberedRepository, type NumberedKind } from './numbered-repository.ts';
import { closeBlocked } from '#shared/incident-actions.ts';
import { can, deniedMessage } from '#shared/permissions.ts';
import { conflict, forbidden } from '../lib/errors.ts';
import { readActions } from './action-rows.ts';
import { incidentActionMethods } from './incident-actions.ts';
import { iso } from './sql-helpers.ts';
import { authorOf } from '../lib/change-context.ts';
import { idIn } from '../db/id-in.ts';

type IncidentRow = typeof incidents.$inferSelect;

const columns: Record<Exclude<keyof IncidentUpdate, 'closeReason'>, keyof IncidentRow> = {
  title: 'title',
  description: 'description',
  type: 'type',
  severity: 'severity',
  status: 'status',
  location: 'location',
  department: 'department',
  incidentDate: 'incidentDate',
  involvedPersons: 'involvedPersons',
  witnesses: 'witnesses',
  immediateActions: 'immediateActions',
  investigation: 'investigation',
};

const editRule: EditRule = {
  entity: 'incident',
  manage: 'incident:manage',
  openStatus: 'Open',
  reporterFields: incidentReporterFields,
  editableFields: incidentEditableFields,
};

/** The report form starts with one empty row: rows left entirely blank are not people. */
function withoutBlankRows<T extends Record<string, string>>(rows: T[] | undefined): T[] | undefined {
  return rows?.filter((row) => Object.values(row).some((value) => value.trim() !== ''));
}

async function loadIncidents(executor: Db | Tx, ids: string[]): Promise<Incident[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      incident: recordColumns(incidents),
      reporterName: users.name,
      attachments: attachmentsOf('incident', incidents.id),
    })
    .from(incidents)
    .leftJoin(users, eq(users.id, incidents.reportedBy))
    .where(idIn(incidents.id, ids));
  const actions = await readActions(
    executor,
    rows.map(({ incident: row }) => row.actions),
  );
  return rows.map(({ incident: row, reporterName, attachments }, index) => ({
    _id: row.id,
    incidentNumber: row.incidentNumber,
    title: row.title,
    description: row.description,
    type: row.type,
    severity: row.severity,
    status: row.status,
    location: row.location,
    department: row.department,
    incidentDate: iso(row.incidentDate),
    involvedPersons: row.involvedPersons,
    witnesses: row.witnesses,
    immediateActions: row.immediateActions,
    reportedBy: row.reportedBy ? { _id: row.reportedBy, name: reporterName ?? '' } : null,
    attachments: toFileRefs(attachments),
    investigation: row.investigation,
    actions: actions[index]!,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

/**
 * An incident closes once every action is verified. An admin may close it anyway, saying why: the
 * reason is kept in its history.
 */
function closeOverride(row: IncidentRow, reason: string | undefined, actor: Actor) {
  const blocked = closeBlocked(row.incidentNumber, row.actions);
  if (!blocked) return [];
  if (reason === undefined) throw conflict(blocked);
  if (!can(actor.role, 'incident:override-close'))
    throw forbidden(deniedMessage(actor.role, 'incident:override-close'));
  return [{ field: 'closeReason', oldValue: null, newValue: reason }];
}

function filtersOf(query: IncidentFilterQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(incidents.type, query.type));
  if (query.severity) filters.push(eq(incidents.severity, query.severity));
  if (query.status) filters.push(eq(incidents.status, query.status));
  return filters;
}

const incidentKind: NumberedKind<
  'incident',
  'incidents',
  Incident,
  IncidentFilterQuery,
  IncidentCreate,
  IncidentUpdate
> = {
  entity: 'incident',
  listKey: 'incidents',
  load: loadIncidents,
  filters: filtersOf,
  columns,
  editRule,

  async insert(tx, input, id, changeSeq, context) {
    const [row] = await tx
      .insert(incidents)
      .values({
        ...(id ? { id } : {}),
        title: input.title,
        description: input.description,
        searchWords: searchWordsOf('incident', input),
        type: input.type ?? 'Near Miss',
        severity: input.severity ?? 'Medium',
        location: input.location,
        department: input.department,
        incidentDate: new Date(input.incidentDate),
        involvedPersons: withoutBlankRows(input.involvedPersons as IncidentRow['involvedPersons']) ?? [],
        witnesses: withoutBlankRows(input.witnesses as IncidentRow['witnesses']) ?? [],
        immediateActions: input.immediateActions ?? '',
        reportedBy: authorOf(context),
        changeSeq,
      })
      .returning({ id: incidents.id });
    return row!.id;
  },

  cleanPatch: (patch) => ({
    ...patch,
    involvedPersons: withoutBlankRows(patch.involvedPersons),
    witnesses: withoutBlankRows(patch.witnesses),
  }),

  checkUpdate(_tx, row, patch, changed, actor) {
    const closes = changed.has('status') && patch.status === 'Closed';
    return { notes: closes ? closeOverride(row, patch.closeReason, actor) : [] };
  },
};

export function createIncidentRepository(database: Database) {
  return {
    ...numberedRepository(database, incidentKind),
    ...incidentActionMethods(database, loadOne(incidentKind)),
  };
}

export type IncidentRepository = ReturnType<typeof createIncidentRepository>;
