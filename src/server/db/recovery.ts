/** How the database layer reports trouble with its database and tries again. */

/** Reports trouble with the database; `error` is the driver's error when there is one. */
export type DatabaseLog = (message: string, error?: unknown) => void;

export const logToStderr: DatabaseLog = (message, error) =>
  console.error(`database: ${message}${error instanceof Error ? `: ${error.message}` : ''}`);

const firstRetryMillis = 250;
const longestRetryMillis = 10_000;

/**
 * Runs `attempt` after 0.25 s, and again after twice as long each time it fails (at most 10 s), for
 * as long as it takes; `report` hears of every failure and of the success. Answers the function that
 * stops trying.
 */
export function retryWithBackoff(
  attempt: () => Promise<void>,
  report: { failed(failures: number, error: unknown): void; succeeded(failures: number): void },
): () => void {
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tryLater = () => {
    timer = setTimeout(
      () => {
        attempt().then(
          () => {
            if (!stopped) report.succeeded(failures);
          },
          (error: unknown) => {
            failures += 1;
            report.failed(failures, error);
            if (!stopped) tryLater();
          },
        );
      },
      Math.min(longestRetryMillis, firstRetryMillis * 2 ** failures),
    );
  };
  tryLater();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
