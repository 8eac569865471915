import { eq, inArray, type SQL } from 'drizzle-orm';
import { incidentEditableFields, incidentReporterFields } from '../../shared/permissions.ts';
import type {
  Incident,
  IncidentCreate,
  IncidentFilterQuery,
  IncidentListQuery,
  IncidentPage,
  IncidentUpdate,
} from '../../shared/schemas/incident.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { incidents, users } from '../db/schema.ts';
import type { Upload } from '../lib/read-uploads.ts';
import { attachFile, attachmentsOf, toFileRefs } from './files.ts';
import {
  assertExists,
  assertMayEdit,
  createNumbered,
  listPage,
  matchingRecords,
  numberedHistory,
  recordColumns,
  recordNotFound,
  saveChanges,
  searchWordsOf,
  type Actor,
  type EditRule,
} from './numbered-records.ts';
import { closeBlocked } from '../../shared/incident-actions.ts';
import { can, deniedMessage } from '../../shared/permissions.ts';
import { conflict, forbidden } from '../lib/errors.ts';
import { readActions } from './action-rows.ts';
import { incidentActionMethods } from './incident-actions.ts';
import { diffPatch, writeChange, type ChangeContext } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso } from './sql-helpers.ts';

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
    .where(inArray(incidents.id, ids));
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

async function loadIncident(executor: Db | Tx, id: string): Promise<Incident> {
  const [incident] = await loadIncidents(executor, [id]);
  if (!incident) throw recordNotFound('incident');
  return incident;
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

export function createIncidentRepository(database: Database) {
  const { db } = database;

  return {
    async list(query: IncidentListQuery): Promise<IncidentPage> {
      const load = (ids: string[]) => loadIncidents(db, ids);
      const { records, ...page } = await listPage(db, 'incident', filtersOf(query), query, load);
      return { incidents: records, ...page };
    },

    /** Every incident the list's filters and search find, newest first, in batches (the CSV export). */
    exportAll: (query: IncidentFilterQuery) =>
      matchingRecords(db, 'incident', filtersOf(query), query.search, (ids) => loadIncidents(db, ids)),

    getMany: (ids: string[], executor: Db | Tx = db) => loadIncidents(executor, ids),

    get: (id: string) => loadIncident(db, id),

    async create(input: IncidentCreate, context: ChangeContext): Promise<{ record: Incident; created: boolean }> {
      return database.write(async (tx, changeSeq) => {
        const { id, created } = await createNumbered(tx, 'incident', input._id, context, async (newId) => {
          const [row] = await tx
            .insert(incidents)
            .values({
              ...(newId ? { id: newId } : {}),
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
              reportedBy: context.userId,
              changeSeq,
            })
            .returning({ id: incidents.id });
          return row!.id;
        });
        return { record: await loadIncident(tx, id), created };
      });
    },

    async update(id: string, patch: IncidentUpdate, actor: Actor, context: ChangeContext) {
      return writeChange(database, 'incident', id, context, loadIncident, async (tx, changeSeq) => {
        const [row] = await tx.select().from(incidents).where(eq(incidents.id, id));
        if (!row) throw recordNotFound('incident');
        const cleaned = {
          ...patch,
          involvedPersons: withoutBlankRows(patch.involvedPersons),
          witnesses: withoutBlankRows(patch.witnesses),
        };
        const changes = diffPatch(row, cleaned, columns);
        assertMayEdit(
          editRule,
          actor,
          row,
          changes.map((change) => change.field),
        );
        const closes = changes.some((change) => change.field === 'status' && change.newValue === 'Closed');
        const override = closes ? closeOverride(row, patch.closeReason, actor) : [];
        const overwritten = await saveChanges(tx, changeSeq, 'incident', row, changes, {}, context);
        await recordChange(tx, 'incident', id, row.version + 1, override, context);
        return { record: await loadIncident(tx, id), overwritten };
      });
    },

    assertExists: (id: string) => assertExists(db, 'incident', id),

    attach: (id: string, upload: Upload, context: ChangeContext) =>
      attachFile(database, 'incident', id, upload, context, loadIncident),

    history: (id: string) => numberedHistory(db, 'incident', id),

    ...incidentActionMethods(database, loadIncident),
  };
}

export type IncidentRepository = ReturnType<typeof createIncidentRepository>;
