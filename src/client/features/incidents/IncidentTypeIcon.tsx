import { Building2, HeartPulse, Leaf, ShieldAlert, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { IncidentType } from '#shared/enums.ts';

const icons: Record<IncidentType, { icon: LucideIcon; tone: string }> = {
  'Near Miss': { icon: TriangleAlert, tone: 'bg-amber-50 text-amber-700' },
  Injury: { icon: HeartPulse, tone: 'bg-red-50 text-red-700' },
  'Property Damage': { icon: Building2, tone: 'bg-orange-50 text-orange-700' },
  Environmental: { icon: Leaf, tone: 'bg-emerald-50 text-emerald-700' },
  Security: { icon: ShieldAlert, tone: 'bg-brand-50 text-brand-700' },
};

/** A distinct icon per incident type, in a tinted tile. */
export function IncidentTypeIcon({ type }: { type: IncidentType }) {
  const { icon: Icon, tone } = icons[type];
  return (
    <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tone}`}>
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
