import { checkResults, type CheckResult } from '#shared/checklist.ts';

const pressedColours: Record<CheckResult, string> = {
  Pass: 'border-green-600 bg-green-600 text-white',
  Fail: 'border-red-600 bg-red-600 text-white',
  'N/A': 'border-ink-600 bg-ink-600 text-white',
};

interface CheckResultButtonsProps {
  task: string;
  result: CheckResult | null;
  disabled: boolean;
  onChange: (result: CheckResult | null) => void;
}

/** Pass, Fail or N/A in one tap each; tapping the chosen one again clears it. */
export function CheckResultButtons({ task, result, disabled, onChange }: CheckResultButtonsProps) {
  return (
    <div role="group" aria-label={`Result of ${task}`} className="flex shrink-0">
      {checkResults.map((option) => {
        const pressed = result === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChange(pressed ? null : option)}
            className={`min-h-11 min-w-13 border px-2 text-sm font-medium first:rounded-l-lg last:rounded-r-lg disabled:opacity-50 ${
              pressed ? pressedColours[option] : 'border-slate-300 bg-surface text-slate-700 hover:bg-slate-50'
            }`}
          >
            {option}
          </button>
        );
      })}
    </div>
  );
}
