import { useState } from 'react';
import { Modal } from '#client/components/ui/Modal.tsx';
import { SearchInput } from '#client/components/ui/SearchInput.tsx';
import type { BinRef } from '#shared/schemas/part.ts';
import { ScanPartButton } from './ScanPartButton.tsx';
import { PartChoiceList } from './PartChoiceList.tsx';
import { useParts, type LocalPart } from './use-parts.ts';

/**
 * Finds a part among the catalogue this device holds (works offline), by its words or by scanning its
 * label or its bin's (the bin comes with it); the parts that fit the work's machine come first.
 */
export function ChoosePart({
  title,
  machineId,
  onChoose,
  onClose,
}: {
  /** "Issue part", "Plan part". */
  title: string;
  machineId: string | null;
  onChoose: (part: LocalPart, bin?: BinRef) => void;
  onClose: () => void;
}) {
  const parts = useParts() ?? [];
  const [words, setWords] = useState('');
  const wanted = words.trim().toLowerCase();
  const fits = (part: LocalPart) => part.machines.some((machine) => machine._id === machineId);
  const found = wanted
    ? parts
        .filter((part) => `${part.partNumber} ${part.name}`.toLowerCase().includes(wanted))
        .sort((a, b) => Number(fits(b)) - Number(fits(a)))
        .slice(0, 30)
    : [];
  return (
    <Modal open onClose={onClose} title={title} size="lg">
      <div className="space-y-3">
        <ScanPartButton onPart={onChoose} />
        <SearchInput
          aria-label="Search parts"
          placeholder="Part number or name"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          autoFocus
        />
        {wanted && found.length === 0 && <p className="text-sm text-slate-600">No part matches.</p>}
        <PartChoiceList
          parts={found}
          onChoose={(part) => onChoose(part)}
          note={(part) => (fits(part) ? 'Fits this machine' : null)}
        />
      </div>
    </Modal>
  );
}
