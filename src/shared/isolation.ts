import { z } from 'zod';
import { idSchema, oneOf, requiredText } from './schemas/common.ts';

/** The energies a machine's isolation points hold back (src/docs/isolation-points.md). */
export const isolationKinds = [
  'electrical',
  'hydraulic',
  'pneumatic',
  'thermal',
  'gravity',
  'chemical',
  'molten_metal',
] as const;
export type IsolationKind = (typeof isolationKinds)[number];

export const isolationKindLabels: Record<IsolationKind, string> = {
  electrical: 'Electrical',
  hydraulic: 'Hydraulic',
  pneumatic: 'Pneumatic',
  thermal: 'Thermal',
  gravity: 'Gravity',
  chemical: 'Chemical',
  molten_metal: 'Molten metal',
};

/** The text fields of a point, labelled as the form shows them and the messages name them. */
export const isolationTextFields = {
  location: 'Point location',
  isolate: 'How to isolate',
  verify: 'How to verify zero energy',
} as const;
export type IsolationTextField = keyof typeof isolationTextFields;

const pointText = (field: IsolationTextField) => requiredText(isolationTextFields[field], 500);

/** One energy isolation point of a machine. */
export const isolationPoint = z.object({
  _id: idSchema,
  kind: oneOf('Energy kind', isolationKinds),
  location: pointText('location'),
  isolate: pointText('isolate'),
  verify: pointText('verify'),
});
export type IsolationPoint = z.infer<typeof isolationPoint>;

export const maxIsolationPoints = 30;

/** A machine's whole list of points: at most 30, each `_id` once. */
export const isolationPoints = z
  .array(isolationPoint)
  .max(maxIsolationPoints, `A machine has at most ${maxIsolationPoints} isolation points`)
  .superRefine((points, context) => {
    const seen = new Set<string>();
    points.forEach((point, index) => {
      if (seen.has(point._id)) {
        context.addIssue({
          code: 'custom',
          path: [index, '_id'],
          message: `Isolation point ${point._id} is listed twice`,
        });
      }
      seen.add(point._id);
    });
  });
