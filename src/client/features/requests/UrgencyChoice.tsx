import { urgencies, urgencyLabels, type Urgency } from '#shared/requests.ts';

const tones: Record<Urgency, string> = {
  'can wait': 'peer-checked:border-green-600 peer-checked:bg-green-50',
  'this shift': 'peer-checked:border-orange-500 peer-checked:bg-orange-50',
  'now, unsafe': 'peer-checked:border-red-600 peer-checked:bg-red-50',
};

/** How urgent, as three large choices a gloved finger can hit. */
export function UrgencyChoice({
  value,
  onChange,
  error,
}: {
  value: Urgency | '';
  onChange: (urgency: Urgency) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1.5 flex gap-1 text-sm font-medium text-slate-700">
        How urgent?
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {urgencies.map((urgency) => (
          <label key={urgency} className="relative cursor-pointer">
            <input
              type="radio"
              name="urgency"
              value={urgency}
              checked={value === urgency}
              onChange={() => onChange(urgency)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span
              className={`flex min-h-12 items-center justify-center rounded-lg border-2 border-slate-300 px-3 text-center text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${tones[urgency]}`}
            >
              {urgencyLabels[urgency]}
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1.5 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
