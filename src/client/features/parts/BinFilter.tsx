import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { useStorerooms, type LocalPart } from './use-parts.ts';

interface BinFilterProps {
  binId: string;
  /** The parts kept in that bin (with the screen's other filters). */
  parts: LocalPart[];
  isPartOpen: boolean;
  onOpen: (partId: string) => void;
  onClear: () => void;
}

/**
 * A bin's label opens the Parts screen on that bin (`?bin=<id>`): its parts, and the part itself when
 * the bin holds only one (opened once; closing it leaves the bin's list).
 */
export function BinFilter({ binId, parts, isPartOpen, onOpen, onClear }: BinFilterProps) {
  const openedFor = useRef<string | null>(null);
  const only = parts.length === 1 ? parts[0]!._id : null;
  useEffect(() => {
    if (!only || isPartOpen || openedFor.current === binId) return;
    openedFor.current = binId;
    onOpen(only);
  }, [binId, only, isPartOpen, onOpen]);
  const rooms = useStorerooms().data ?? [];
  const room = rooms.find((candidate) => candidate.bins.some((bin) => bin._id === binId));
  const stocked = parts.flatMap((part) => part.bins).find((row) => row.bin._id === binId)?.bin;
  // The device's parts name it offline; the storerooms (read online) name a bin nothing is kept in yet.
  const name = stocked
    ? `${stocked.storeroom.name} ${stocked.code}`
    : room && `${room.name} ${room.bins.find((bin) => bin._id === binId)!.code}`;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
      <span>
        Bin <span className="font-semibold">{name ?? 'from a label'}</span>: {parts.length}{' '}
        {parts.length === 1 ? 'part' : 'parts'} on this device
      </span>
      <Button variant="ghost" onClick={onClear}>
        <X aria-hidden="true" className="size-4" /> All parts
      </Button>
    </div>
  );
}
