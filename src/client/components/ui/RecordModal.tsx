import type { ComponentProps, ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { Spinner } from './Spinner.tsx';

type RecordModalProps<T> = Omit<ComponentProps<typeof Modal>, 'children'> & {
  /** The record as this device has it: undefined while it loads, null when this device does not have it. */
  record: T | null | undefined;
  /** Said when this device does not have the record ('This ticket is not on this device.'). */
  missing: string;
  children: (record: T) => ReactNode;
};

/** A modal showing one record of the device's store: a spinner while it loads, a note when it is not there. */
export function RecordModal<T extends object>({ record, missing, children, ...modal }: RecordModalProps<T>) {
  return (
    <Modal {...modal}>
      {record === undefined && <Spinner />}
      {record === null && <p className="text-sm text-slate-600">{missing}</p>}
      {record && children(record)}
    </Modal>
  );
}
