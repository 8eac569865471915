import type { Unit } from '#shared/parts.ts';
import type { MachineKind } from './plant.ts';

/**
 * The demo stores' catalogue: families of parts an aluminium works keeps, each with its sizes, the
 * kinds of machine it fits, its unit, cost and stock levels. About three hundred parts in all.
 */
interface Family {
  prefix: string;
  name: (variant: string) => string;
  variants: string[];
  unit: Unit;
  kinds: MachineKind[];
  /** Unit cost of the smallest and the largest variant. */
  cost: [number, number];
  /** Minimum and maximum stock of a variant. */
  stock: [number, number];
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

const families: Family[] = [
  {
    prefix: 'BRG',
    name: (size) => `Deep groove ball bearing ${size}-2RS`,
    variants: [...range(6202, 6222), ...range(6305, 6322)].map(String),
    unit: 'each',
    kinds: ['mill', 'coiler', 'saw', 'line', 'fume', 'crane'],
    cost: [6, 240],
    stock: [4, 16],
  },
  {
    prefix: 'SRB',
    name: (size) => `Spherical roller bearing ${size} CC/W33`,
    variants: [...range(22210, 22230, 2), ...range(22310, 22330, 2)].map(String),
    unit: 'each',
    kinds: ['mill', 'coiler', 'caster'],
    cost: [95, 1850],
    stock: [1, 4],
  },
  {
    prefix: 'SEAL',
    name: (size) => `Rotary shaft seal ${size} NBR`,
    variants: range(30, 150, 5).map((bore) => `${bore}x${bore + 20}x10`),
    unit: 'each',
    kinds: ['mill', 'coiler', 'line', 'caster'],
    cost: [4, 38],
    stock: [5, 20],
  },
  {
    prefix: 'ORK',
    name: (size) => `Hydraulic cylinder seal kit ${size}`,
    variants: range(40, 200, 10).map((bore) => `bore ${bore} mm`),
    unit: 'set',
    kinds: ['mill', 'caster', 'coiler', 'crane'],
    cost: [45, 310],
    stock: [1, 4],
  },
  {
    prefix: 'HOSE',
    name: (size) => `Hydraulic hose assembly 2SN ${size}`,
    variants: ['1/4"', '3/8"', '1/2"', '5/8"', '3/4"', '1"'].flatMap((bore) =>
      [500, 1000, 1500, 2000].map((length) => `${bore} x ${length} mm`),
    ),
    unit: 'each',
    kinds: ['mill', 'caster', 'coiler', 'crane', 'saw'],
    cost: [28, 160],
    stock: [2, 8],
  },
  {
    prefix: 'HOSEM',
    name: (size) => `Hydraulic hose 2SN ${size}, by the metre`,
    variants: ['1/4"', '3/8"', '1/2"', '3/4"', '1"'],
    unit: 'm',
    kinds: ['mill', 'caster', 'coiler', 'crane'],
    cost: [9, 42],
    stock: [20, 100],
  },
  {
    prefix: 'CTR',
    name: (size) => `Contactor 3-pole ${size}, 230 V AC coil`,
    variants: ['9 A', '12 A', '18 A', '25 A', '32 A', '40 A', '50 A', '65 A', '80 A', '95 A', '115 A', '150 A'],
    unit: 'each',
    kinds: ['crane', 'rectifier', 'furnace', 'mill', 'fume', 'line'],
    cost: [32, 680],
    stock: [2, 6],
  },
  {
    prefix: 'ARC',
    name: (size) => `Anode rod clamp ${size}`,
    variants: ['standard jaw', 'wide jaw', 'spring pack', 'clamp screw M36', 'jaw pad set', 'insulator sleeve'],
    unit: 'each',
    kinds: ['potline'],
    cost: [55, 420],
    stock: [10, 40],
  },
  {
    prefix: 'TC',
    name: (size) => `Thermocouple ${size}`,
    variants: ['K', 'N', 'S'].flatMap((type) =>
      ['500 mm', '1000 mm', '1500 mm', '2000 mm'].map((length) => `type ${type}, ${length}, Inconel sheath`),
    ),
    unit: 'each',
    kinds: ['furnace', 'caster', 'potline'],
    cost: [48, 690],
    stock: [3, 12],
  },
  {
    prefix: 'WR',
    name: (size) => `Crane wire rope ${size}, 6x36 IWRC`,
    variants: ['16 mm', '18 mm', '20 mm', '22 mm', '26 mm', '28 mm'],
    unit: 'm',
    kinds: ['crane'],
    cost: [7, 24],
    stock: [60, 240],
  },
  {
    prefix: 'VB',
    name: (size) => `V-belt ${size}`,
    variants: ['SPA', 'SPB', 'SPC'].flatMap((section) =>
      range(1250, 3550, 460).map((length) => `${section} ${length}`),
    ),
    unit: 'each',
    kinds: ['fume', 'saw', 'line', 'lab'],
    cost: [9, 64],
    stock: [4, 12],
  },
  {
    prefix: 'FLT',
    name: (size) => `Filter ${size}`,
    variants: [
      'hydraulic return element 10 µm',
      'hydraulic pressure element 3 µm',
      'hydraulic suction strainer 125 µm',
      'fume treatment bag, PTFE membrane',
      'fume treatment bag cage',
      'compressor air intake element',
      'compressor oil separator',
      'cabinet fan filter mat 250 mm',
      'coolant emulsion cartridge 25 µm',
      'breather, desiccant',
    ],
    unit: 'each',
    kinds: ['mill', 'caster', 'fume', 'coiler', 'rectifier'],
    cost: [12, 140],
    stock: [6, 30],
  },
  {
    prefix: 'PRX',
    name: (size) => `Inductive proximity sensor ${size}`,
    variants: ['M12 4 mm PNP', 'M18 8 mm PNP', 'M30 15 mm PNP', 'M12 4 mm NPN', 'M18 8 mm high-temperature'],
    unit: 'each',
    kinds: ['mill', 'coiler', 'saw', 'line', 'caster', 'crane'],
    cost: [24, 130],
    stock: [3, 10],
  },
  {
    prefix: 'SOL',
    name: (size) => `Solenoid valve ${size}`,
    variants: ['NG6 4/3 24 V DC', 'NG10 4/3 24 V DC', 'NG6 4/2 24 V DC', 'pneumatic 5/2 G1/4', 'coil 24 V DC spare'],
    unit: 'each',
    kinds: ['mill', 'caster', 'coiler', 'saw'],
    cost: [35, 520],
    stock: [1, 5],
  },
  {
    prefix: 'FUSE',
    name: (size) => `Fuse link gG ${size}`,
    variants: [
      'NH00 63 A',
      'NH00 100 A',
      'NH1 160 A',
      'NH1 250 A',
      'NH2 400 A',
      'semiconductor 630 A',
      'semiconductor 1250 A',
    ],
    unit: 'box',
    kinds: ['rectifier', 'crane', 'furnace', 'mill'],
    cost: [30, 780],
    stock: [1, 6],
  },
  {
    prefix: 'CPL',
    name: (size) => `Flexible coupling element ${size}`,
    variants: ['N-Eupex B', 'Rotex', 'Bibby'].flatMap((make) =>
      ['small', 'medium', 'large', 'extra large'].map((size) => `${make}, ${size}`),
    ),
    unit: 'each',
    kinds: ['mill', 'fume', 'coiler', 'line', 'saw'],
    cost: [18, 460],
    stock: [2, 6],
  },
  {
    prefix: 'MSL',
    name: (size) => `Mechanical seal, cooling water pump ${size}`,
    variants: range(25, 95, 10).map((shaft) => `shaft ${shaft} mm`),
    unit: 'each',
    kinds: ['caster', 'furnace', 'rectifier', 'mill'],
    cost: [85, 640],
    stock: [1, 3],
  },
  {
    prefix: 'LSW',
    name: (size) => `Limit switch ${size}`,
    variants: [
      'roller lever',
      'rotary cam, hoist',
      'rotary cam, long travel',
      'rod actuator',
      'safety interlock, guard door',
      'emergency pull wire',
    ],
    unit: 'each',
    kinds: ['crane', 'coiler', 'saw', 'line'],
    cost: [38, 410],
    stock: [2, 6],
  },
  {
    prefix: 'BRK',
    name: (size) => `Brake ${size}`,
    variants: [
      'pad set, hoist disc brake',
      'lining set, drum brake 315 mm',
      'lining set, drum brake 400 mm',
      'thruster ED 50/6',
      'thruster ED 80/6',
      'spring pack, hoist brake',
    ],
    unit: 'set',
    kinds: ['crane'],
    cost: [120, 1900],
    stock: [1, 4],
  },
  {
    prefix: 'ROL',
    name: (size) => `Conveyor roller ${size}`,
    variants: ['89', '108', '133'].flatMap((diameter) =>
      ['600', '750', '950'].map((length) => `Ø${diameter} x ${length} mm`),
    ),
    unit: 'each',
    kinds: ['line', 'saw', 'caster'],
    cost: [36, 150],
    stock: [4, 12],
  },
  {
    prefix: 'CHN',
    name: (size) => `Roller chain ${size}, by the metre`,
    variants: ['08B-1', '10B-1', '12B-1', '16B-1', '16B-2', '20B-1'],
    unit: 'm',
    kinds: ['line', 'saw', 'coiler'],
    cost: [14, 95],
    stock: [5, 20],
  },
  {
    prefix: 'THY',
    name: (size) => `Rectifier ${size}`,
    variants: [
      'diode module 3000 A',
      'thyristor module 2500 A',
      'snubber capacitor',
      'cooling water hose set',
      'gate driver board',
      'fibre optic link',
    ],
    unit: 'each',
    kinds: ['rectifier'],
    cost: [140, 3400],
    stock: [1, 4],
  },
  {
    prefix: 'LUB',
    name: (size) => size,
    variants: ['Lithium complex grease EP2', 'High-temperature grease, calcium sulphonate', 'Open gear lubricant'],
    unit: 'kg',
    kinds: ['mill', 'crane', 'coiler', 'caster', 'potline'],
    cost: [8, 26],
    stock: [20, 90],
  },
  {
    prefix: 'OIL',
    name: (size) => size,
    variants: ['Hydraulic oil HLP 46', 'Hydraulic oil HFC fire-resistant', 'Gear oil CLP 220', 'Gear oil CLP 320'],
    unit: 'l',
    kinds: ['mill', 'caster', 'coiler', 'crane'],
    cost: [3, 11],
    stock: [200, 1000],
  },
];

export interface CatalogueItem {
  partNumber: string;
  name: string;
  unit: Unit;
  kinds: MachineKind[];
  unitCost: number;
  minStock: number;
  maxStock: number;
}

/** The whole catalogue: a family's variants get dearer and fewer as they grow. */
export function catalogue(): CatalogueItem[] {
  return families.flatMap((family) =>
    family.variants.map((variant, index) => {
      const share = family.variants.length > 1 ? index / (family.variants.length - 1) : 0;
      const [cheapest, dearest] = family.cost;
      const [fewest, most] = family.stock;
      const minStock = Math.max(1, Math.round(most / 2 - (most / 2 - fewest) * share));
      return {
        partNumber: `${family.prefix}-${String(index + 1).padStart(3, '0')}`,
        name: family.name(variant),
        unit: family.unit,
        kinds: family.kinds,
        unitCost: Math.round((cheapest + (dearest - cheapest) * share ** 1.5) * 100) / 100,
        minStock,
        maxStock: Math.max(minStock * 2, Math.round(most - (most - fewest) * share * 0.5)),
      };
    }),
  );
}
