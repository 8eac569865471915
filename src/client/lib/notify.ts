import { toast } from 'sonner';
import { ApiError } from './api.ts';

const offlineMessage = 'No connection to the server. Please try again when you are back online.';

/** What to tell the user about a failure: the server's message if it sent one, else the screen's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.isNetworkFailure ? offlineMessage : fallback);
  return fallback;
}

/**
 * Toasts with the spec's durations: 2 s for success, 4 s (the Toaster default) for the rest and for a
 * success with a note to read.
 */
export const notify = {
  success: (text: string) => toast.success(text, { duration: 2000 }),
  /** A save while the server cannot be reached: the screen's success text, and that it waits on this device. */
  savedOnDevice: (text: string) =>
    toast.success(text, { description: 'Saved on this device. It will be sent when the connection returns.' }),
  info: (text: string) => toast.info(text),
  /** A success the user must read before it goes (10 s). */
  lasting: (text: string) => toast.success(text, { duration: 10_000 }),
  error: (error: unknown, fallback: string) => toast.error(failureMessage(error, fallback)),
};
