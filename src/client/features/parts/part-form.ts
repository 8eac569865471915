import type { Unit } from '#shared/parts.ts';
import type { Part, PartUpdate } from '#shared/schemas/part.ts';
import { changedFields } from '#client/lib/changed-fields.ts';

export const emptyPartForm = {
  partNumber: '',
  name: '',
  description: '',
  unit: 'each' as Unit,
  unitCost: '',
  minStock: '',
  maxStock: '',
  machines: [] as string[],
  photo: null as string | null,
};
export type PartForm = typeof emptyPartForm;

export function formFromPart(part: Part): PartForm {
  return {
    partNumber: part.partNumber,
    name: part.name,
    description: part.description,
    unit: part.unit,
    unitCost: String(part.unitCost),
    minStock: String(part.minStock),
    maxStock: String(part.maxStock),
    machines: part.machines.map((machine) => machine._id),
    photo: part.photo,
  };
}

/** "1,5" reads as 1.5 and an empty field as 0; anything else that is not a number stays NaN for the schema to name. */
const numberOf = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace(',', '.')));

/** The form as the part schemas take it. */
export function partInput(form: PartForm) {
  return {
    ...form,
    partNumber: form.partNumber.trim(),
    name: form.name.trim(),
    description: form.description.trim(),
    unitCost: numberOf(form.unitCost),
    minStock: numberOf(form.minStock),
    maxStock: numberOf(form.maxStock),
  };
}

export function changedPartFields(initial: PartForm, form: PartForm, parsed: PartUpdate): PartUpdate {
  return changedFields(partInput(initial), partInput(form), parsed);
}
