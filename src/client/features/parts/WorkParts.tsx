import { Link } from '@tanstack/react-router';
import { ClipboardList, PackageMinus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { mayUsePartsFor } from '#shared/permissions.ts';
import type { BinRef } from '#shared/schemas/part.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { ChoosePart } from './ChoosePart.tsx';
import { mayRelease, releaseLine } from './finish-work.ts';
import { fullestBin } from './part-changes.ts';
import { PlanPartDialog } from './PlanPartDialog.tsx';
import { StockMoveDialog } from './StockMoveDialog.tsx';
import { quantityText, useBinChoices, usePart, useWorkPlan, type LocalPart } from './use-parts.ts';
import type { PlanLine, WorkPlan, WorkTarget } from './work-plan.ts';

/** Where the work stands: open, finished (its plan holds nothing), or closed (nothing more is issued). */
type WorkState = 'open' | 'finished' | 'closed';

interface WorkPartsProps {
  work: WorkTarget;
  machineId: string | null;
  /** Who may use parts for it besides the stores: its reporter and assignee (`mayUsePartsFor`). */
  people: (string | null | undefined)[];
  state: WorkState;
}

type Doing =
  | { what: 'choose'; then: 'plan' | 'issue' }
  | { what: 'plan' | 'issue'; part: LocalPart; bin?: BinRef }
  | { what: 'return'; partId: string; bin: BinRef };

const lineClasses = 'flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2';

function PartName({ part }: { part: { _id: string; partNumber: string; name: string } }) {
  return (
    <>
      <Link to="/parts" search={{ part: part._id }} className="font-medium text-brand-700 hover:underline">
        {part.partNumber}
      </Link>
      <span className="text-slate-900">{part.name}</span>
    </>
  );
}

/** Issue or return of a part to the work: the bins offered are the part's own, else the storerooms'. */
function MoveDialog({
  part,
  kind,
  bin,
  work,
  plan,
  onClose,
}: {
  part: LocalPart;
  kind: 'issue' | 'return';
  bin: BinRef | null;
  work: WorkTarget;
  plan: WorkPlan;
  onClose: () => void;
}) {
  const choices = useBinChoices(part);
  const bins = kind === 'issue' && part.bins.length > 0 ? part.bins.map((row) => row.bin) : choices;
  return (
    <StockMoveDialog part={part} kind={kind} bins={bins} bin={bin} work={{ target: work, plan }} onClose={onClose} />
  );
}

/** The part to return, once the device's copy of it is read. */
function ReturnDialog(props: { partId: string; bin: BinRef; work: WorkTarget; plan: WorkPlan; onClose: () => void }) {
  const part = usePart(props.partId);
  return part ? <MoveDialog {...props} part={part} kind="return" /> : null;
}

/**
 * The parts of a ticket or a maintenance item (src/docs/parts.md): planned and used as the server last
 * said, with this device's plans, releases, issues and returns on top (marked Pending sync); Plan part
 * and Issue part are saved on the device at once, offline too.
 */
export function WorkParts({ work, machineId, people, state }: WorkPartsProps) {
  const user = useSignedInUser();
  const { server, entries, plan } = useWorkPlan(work, state !== 'open');
  const [doing, setDoing] = useState<Doing | null>(null);
  const mayUse = mayUsePartsFor(user, people);
  const moves = entries.flatMap((entry) => (entry.kind === 'stockMove' ? [entry] : []));
  const used = server.data?.used ?? [];
  const nothing = plan.planned.length === 0 && used.length === 0 && moves.length === 0;
  const close = () => setDoing(null);

  const release = (line: PlanLine) =>
    void saveAndNotify(
      releaseLine(user, work, plan, line).change,
      'Planned part released',
      'Failed to release planned part',
    );

  let dialog: ReactNode = null;
  if (doing?.what === 'choose') {
    dialog = (
      <ChoosePart
        title={doing.then === 'plan' ? 'Plan part' : 'Issue part'}
        machineId={machineId}
        onClose={close}
        onChoose={(part, bin) => setDoing({ what: doing.then, part, bin })}
      />
    );
  } else if (doing?.what === 'plan') {
    dialog = <PlanPartDialog part={doing.part} bin={doing.bin} work={work} plan={plan} onClose={close} />;
  } else if (doing?.what === 'issue') {
    const planned = plan.planned.find((line) => line.part._id === doing.part._id && line.bin);
    dialog = (
      <MoveDialog
        part={doing.part}
        kind="issue"
        bin={doing.bin ?? planned?.bin ?? fullestBin(doing.part)}
        work={work}
        plan={plan}
        onClose={close}
      />
    );
  } else if (doing?.what === 'return') {
    dialog = <ReturnDialog partId={doing.partId} bin={doing.bin} work={work} plan={plan} onClose={close} />;
  }

  return (
    <section aria-labelledby="work-parts" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="work-parts" className="font-semibold text-slate-900">
          Parts
        </h3>
        {mayUse && state !== 'closed' && (
          <div className="flex flex-wrap gap-2 print:hidden">
            {state === 'open' && (
              <Button variant="secondary" onClick={() => setDoing({ what: 'choose', then: 'plan' })}>
                <ClipboardList aria-hidden="true" className="size-4" /> Plan part
              </Button>
            )}
            <Button variant="secondary" onClick={() => setDoing({ what: 'choose', then: 'issue' })}>
              <PackageMinus aria-hidden="true" className="size-4" /> Issue part
            </Button>
          </div>
        )}
      </div>
      {server.isError && !server.data && (
        <p className="text-sm text-slate-600">
          Planned and used parts are read from the server: only this device’s are shown offline.
        </p>
      )}
      {nothing && !server.isPending && <p className="text-sm text-slate-600">No parts planned or used.</p>}
      {!nothing && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {plan.planned.map((line) => (
            <li key={line._id} className={lineClasses}>
              <span className="font-medium text-slate-500">Planned</span>
              <PartName part={line.part} />
              <span>{quantityText(line.quantity, line.part.unit)}</span>
              {line.bin && (
                <span className="text-slate-600">
                  {line.bin.storeroom.name} {line.bin.code}
                </span>
              )}
              <PendingMark count={line.pending ? 1 : 0} />
              {state === 'open' && mayRelease(user, line) && (
                <Button variant="ghost" className="ml-auto print:hidden" onClick={() => release(line)}>
                  Release
                </Button>
              )}
            </li>
          ))}
          {used.map((line) => (
            <li key={`${line.part._id}:${line.bin._id}`} className={lineClasses}>
              <span className="font-medium text-slate-500">Used</span>
              <PartName part={line.part} />
              <span>{quantityText(line.quantity, line.part.unit)}</span>
              <span className="text-slate-600">
                {line.bin.storeroom.name} {line.bin.code}
              </span>
              {mayUse && line.quantity > 0 && (
                <Button
                  variant="ghost"
                  className="ml-auto print:hidden"
                  onClick={() => setDoing({ what: 'return', partId: line.part._id, bin: line.bin })}
                >
                  Return
                </Button>
              )}
            </li>
          ))}
          {moves.map((entry) => (
            <li key={entry.id} className={lineClasses}>
              <span className="font-medium text-slate-500">
                {entry.preview.kind === 'issue' ? 'Issued' : 'Returned'}
              </span>
              <span>{entry.label}</span>
              <PendingMark count={1} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

type TicketRef = Pick<Ticket, '_id' | 'ticketNumber' | 'title' | 'reportedBy' | 'assignedTo' | 'status' | 'machine'>;

/** A ticket's Parts section: a Resolved ticket's plan holds nothing; a Closed one takes no more parts. */
export function TicketParts({ ticket }: { ticket: TicketRef }) {
  const state = ticket.status === 'Closed' ? 'closed' : ticket.status === 'Resolved' ? 'finished' : 'open';
  return (
    <WorkParts
      work={{ ticket: { _id: ticket._id, ticketNumber: ticket.ticketNumber, title: ticket.title } }}
      machineId={ticket.machine?._id ?? null}
      people={[ticket.reportedBy?._id, ticket.assignedTo?._id]}
      state={state}
    />
  );
}

/** A maintenance item's Parts section: a Completed one's plan holds nothing. */
export function ScheduleParts({
  schedule,
}: {
  schedule: Pick<Schedule, '_id' | 'title' | 'assignedTo' | 'status' | 'machine'>;
}) {
  return (
    <WorkParts
      work={{ schedule: { _id: schedule._id, title: schedule.title } }}
      machineId={schedule.machine?._id ?? null}
      people={[schedule.assignedTo?._id]}
      state={schedule.status === 'Completed' ? 'finished' : 'open'}
    />
  );
}
