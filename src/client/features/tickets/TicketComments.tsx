import { MessageSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { can } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Textarea } from '#client/components/ui/Field.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { ticketCommentChange } from './ticket-changes.ts';
import { isCommentOnServer, type LocalTicket } from './ticket-list.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { clearIfSent } from '#client/lib/clear-sent.ts';

export function TicketComments({ ticket }: { ticket: LocalTicket }) {
  const user = useSignedInUser();
  const [text, setText] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = text;
    if (!sent.trim()) return;
    setSubmitting(true);
    const saved = await saveAndNotify(
      ticketCommentChange(user, ticket, sent),
      'Comment added successfully!',
      'Failed to add comment',
    );
    setSubmitting(false);
    if (saved) setText(clearIfSent(sent));
  }

  return (
    <section aria-labelledby="ticket-comments" className="space-y-3">
      <h3 id="ticket-comments" className="flex items-center gap-2 font-semibold text-slate-900">
        <MessageSquare aria-hidden="true" className="size-4" /> Comments ({ticket.comments.length})
      </h3>
      {ticket.comments.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ul className="space-y-3">
          {ticket.comments.map((comment) => (
            <li key={comment._id} className="rounded-lg bg-slate-50 p-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{comment.user?.name ?? 'Former user'}</span>
                <time dateTime={comment.timestamp} className="text-slate-500">
                  {formatDateTime(comment.timestamp)}
                </time>
                <PendingMark count={isCommentOnServer(ticket, comment._id) ? 0 : 1} />
              </div>
              <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{comment.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {can(user.role, 'ticket:comment') && (
        <form onSubmit={(event) => void submit(event)} className="space-y-2">
          <Field label="Add a comment">
            <Textarea value={text} onChange={(event) => setText(event.target.value)} rows={3} maxLength={5000} />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={!text.trim()} loading={isSubmitting}>
              Add Comment
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
