import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { normalizeCode, requestStatusText } from '#shared/requests.ts';
import type { RequestStatusAnswer } from '#shared/schemas/request.ts';
import { Badge, ticketStatusTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input } from '#client/components/ui/Field.tsx';
import { api } from '#client/lib/api.ts';
import { failureMessage } from '#client/lib/notify.ts';
import { RequestLayout } from './RequestLayout.tsx';
import { progressOf } from './request-progress.ts';
import { useDeviceRequest, useKioskSending } from './use-kiosk.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function CodeLookup() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-surface p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const code = normalizeCode(text);
        if (!code) return setError('A tracking code has six letters and digits, such as K7M3QX');
        setError(undefined);
        void navigate({ to: '/request/status/$code', params: { code } });
      }}
    >
      <Field label="Check another tracking code" error={error} className="min-w-48 flex-1">
        <Input value={text} onChange={(event) => setText(event.target.value)} autoCapitalize="characters" />
      </Field>
      <Button type="submit" variant="secondary">
        Check
      </Button>
    </form>
  );
}

/** A request still on this device: where it stands until the server answers its code. */
function WaitingRequest({ id }: { id: string }) {
  useKioskSending();
  const request = useDeviceRequest(id);
  if (request === undefined) return null;
  if (!request) return <StatusCard title="Not on this device" text="This report is not known on this device." />;
  if (request.code) return <Navigate to="/request/status/$code" params={{ code: request.code }} replace />;
  return <StatusCard title="Waiting to be sent" text={progressOf(request).label} />;
}

function StatusCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section role="status" className="rounded-xl border border-slate-200 bg-surface p-6">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
      {children}
    </section>
  );
}

function ServerStatus({ code }: { code: string }) {
  const status = useQuery({
    queryKey: ['request-status', code],
    queryFn: () => api.get(`requests/status/${code}`).json<RequestStatusAnswer>(),
    // Always asked again on opening: the last answer kept on the device is only shown meanwhile.
    staleTime: 0,
    refetchInterval: 60_000,
    retry: false,
  });
  if (status.isPending) return <StatusCard title={`Request ${code}`} text="Looking it up…" />;
  if (status.isError)
    return (
      <StatusCard title={`Request ${code}`} text={failureMessage(status.error, 'The status could not be read.')} />
    );
  const { ticket, reason } = status.data;
  return (
    <StatusCard title={`Request ${code}`} text={requestStatusText[status.data.status]}>
      {ticket && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-slate-700">
          Ticket <span className="font-mono font-semibold">{ticket.ticketNumber}</span>
          <Badge tone={ticketStatusTone[ticket.status] ?? 'slate'}>{ticket.status}</Badge>
        </p>
      )}
      {reason && <p className="mt-3 text-slate-700">Reason: {reason}</p>}
    </StatusCard>
  );
}

/** /request/status/<code>: where a request stands, for anybody holding its code; names nobody. */
export function RequestStatusPage({ code }: { code: string }) {
  const normalized = normalizeCode(code);
  return (
    <RequestLayout>
      {uuid.test(code) ? (
        <WaitingRequest id={code} />
      ) : normalized ? (
        <ServerStatus code={normalized} />
      ) : (
        <StatusCard title="Unknown code" text="A tracking code has six letters and digits, such as K7M3QX." />
      )}
      <CodeLookup />
    </RequestLayout>
  );
}
