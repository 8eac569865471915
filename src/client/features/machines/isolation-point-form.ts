import { isolationKinds, isolationPoint, type IsolationPoint } from '#shared/isolation.ts';
import { newId } from '#shared/ids.ts';
import { fieldErrors } from '#client/lib/validation.ts';

export const emptyIsolationPoint = (): IsolationPoint => ({
  _id: newId(),
  kind: isolationKinds[0],
  location: '',
  isolate: '',
  verify: '',
});

/** The point as the server stores it, or the inline message of each field it refuses. */
export function checkIsolationPoint(form: IsolationPoint) {
  const parsed = isolationPoint.safeParse(form);
  return parsed.success ? { point: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/** The list with this point in its place, or added at the end. */
export function withPoint(points: IsolationPoint[], point: IsolationPoint): IsolationPoint[] {
  return points.some((other) => other._id === point._id)
    ? points.map((other) => (other._id === point._id ? point : other))
    : [...points, point];
}

export const withoutPoint = (points: IsolationPoint[], id: string) => points.filter((point) => point._id !== id);
