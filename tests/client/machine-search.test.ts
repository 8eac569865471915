import { expect, it } from 'vitest';
import { matchMachines } from '#client/features/scan/machine-search.ts';

const machines = [
  { name: 'DC Caster 2 (Slab)', machineId: 'CA-DC-02' },
  { name: 'Billet Log Saw LS-1', machineId: 'CA-SAW-01' },
  { name: 'Caster Hydraulic Unit', machineId: 'CA-HU-01' },
  { name: 'Cold Rolling Mill CM-1', machineId: 'RM-CM-01' },
];

it('finds machines by part of the name or ID, in any case, names starting with the text first', () => {
  expect(matchMachines(machines, 'caster').map((machine) => machine.machineId)).toEqual(['CA-HU-01', 'CA-DC-02']);
  expect(matchMachines(machines, ' saw ').map((machine) => machine.machineId)).toEqual(['CA-SAW-01']);
  expect(matchMachines(machines, '-01').map((machine) => machine.machineId)).toEqual([
    'CA-SAW-01',
    'CA-HU-01',
    'RM-CM-01',
  ]);
});

it('puts an exact machine ID first and finds nothing for blank or unknown text', () => {
  expect(matchMachines(machines, 'ca-hu-01')[0]?.machineId).toBe('CA-HU-01');
  expect(matchMachines(machines, '   ')).toEqual([]);
  expect(matchMachines(machines, 'press')).toEqual([]);
});
