import type { Department, MachineStatus, Role } from '../../shared/enums.ts';

export interface StaffMember {
  name: string;
  email: string;
  role: Role;
  department: Department;
  phone: string;
  /** Demo accounts have a password shown in the README; other staff cannot sign in. */
  password?: string;
}

export const staff: StaffMember[] = [
  { name: 'Margaret Holloway', email: 'admin@imsp.local', role: 'admin', department: 'Operations', phone: '+44 1397 702 101', password: 'Admin#2026' },
  { name: 'Tomás Herrera', email: 'engineer@imsp.local', role: 'maintenance_engineer', department: 'Maintenance', phone: '+44 1397 702 214', password: 'Engineer#2026' },
  { name: 'Aisha Okafor', email: 'safety@imsp.local', role: 'safety_officer', department: 'Safety', phone: '+44 1397 702 330', password: 'Safety#2026' },
  { name: 'Lars Eriksen', email: 'operator@imsp.local', role: 'operator', department: 'Smelting', phone: '+44 1397 702 452', password: 'Operator#2026' },
  { name: 'Priya Nair', email: 'priya.nair@imsp.local', role: 'maintenance_engineer', department: 'Maintenance', phone: '+44 1397 702 218' },
  { name: 'Dmitri Volkov', email: 'dmitri.volkov@imsp.local', role: 'maintenance_engineer', department: 'Maintenance', phone: '+44 1397 702 221' },
  { name: "Sean O'Brien", email: 'sean.obrien@imsp.local', role: 'operator', department: 'Casting', phone: '+44 1397 702 463' },
  { name: 'Mei Lin Chen', email: 'meilin.chen@imsp.local', role: 'operator', department: 'Rolling Mill', phone: '+44 1397 702 478' },
  { name: 'Jonas Weber', email: 'jonas.weber@imsp.local', role: 'operator', department: 'Quality Control', phone: '+44 1397 702 485' },
];

export type MachineKind =
  | 'potline'
  | 'crane'
  | 'rectifier'
  | 'fume'
  | 'caster'
  | 'furnace'
  | 'saw'
  | 'mill'
  | 'coiler'
  | 'line'
  | 'lab';

export interface PlantMachine {
  name: string;
  code: string;
  kind: MachineKind;
  department: 'Smelting' | 'Casting' | 'Rolling Mill' | 'Quality Control';
  location: string;
  model: string;
  manufacturer: string;
  installed: string;
  /** capacity, power, dimensions, weight */
  specs: [string, string, string, string];
  status?: MachineStatus;
}

export const plantMachines: PlantMachine[] = [
  // Smelting: potlines, their tending machines and cranes, rectifiers, fume treatment.
  { name: 'Potline 1', code: 'SM-PL-01', kind: 'potline', department: 'Smelting', location: 'Potroom A', model: 'AP18 (264 cells)', manufacturer: 'Rio Tinto AP Technology', installed: '2004-03-15', specs: ['95 kt/yr', '175 MW', '960 x 42 m', '—'] },
  { name: 'Potline 2', code: 'SM-PL-02', kind: 'potline', department: 'Smelting', location: 'Potroom B', model: 'AP30 (288 cells)', manufacturer: 'Rio Tinto AP Technology', installed: '2009-10-01', specs: ['140 kt/yr', '290 MW', '1,120 x 45 m', '—'] },
  { name: 'Potline 3', code: 'SM-PL-03', kind: 'potline', department: 'Smelting', location: 'Potroom C', model: 'DX+ Ultra (336 cells)', manufacturer: 'EGA Technology', installed: '2018-05-22', specs: ['190 kt/yr', '410 MW', '1,300 x 48 m', '—'] },
  { name: 'Pot Tending Machine PTM-1', code: 'SM-PTM-01', kind: 'crane', department: 'Smelting', location: 'Potroom A', model: 'PTM 2010', manufacturer: 'Fives ECL', installed: '2012-02-08', specs: ['12 t hoist', '450 kW', '32 x 10 x 9 m', '145 t'] },
  { name: 'Pot Tending Machine PTM-2', code: 'SM-PTM-02', kind: 'crane', department: 'Smelting', location: 'Potroom B', model: 'PTM 2010', manufacturer: 'Fives ECL', installed: '2013-06-19', specs: ['12 t hoist', '450 kW', '32 x 10 x 9 m', '145 t'] },
  { name: 'Pot Tending Machine PTM-3', code: 'SM-PTM-03', kind: 'crane', department: 'Smelting', location: 'Potroom C', model: 'PTM Evolution', manufacturer: 'Fives ECL', installed: '2018-05-22', specs: ['15 t hoist', '520 kW', '34 x 10 x 9 m', '160 t'], status: 'Maintenance' },
  { name: 'Anode Handling Crane AHC-1', code: 'SM-AHC-01', kind: 'crane', department: 'Smelting', location: 'Anode Rodding Shop', model: 'CXT 25', manufacturer: 'Konecranes', installed: '2011-09-12', specs: ['25 t', '160 kW', '28 m span', '62 t'] },
  { name: 'Anode Handling Crane AHC-2', code: 'SM-AHC-02', kind: 'crane', department: 'Smelting', location: 'Anode Storage Yard', model: 'CXT 25', manufacturer: 'Konecranes', installed: '2011-09-12', specs: ['25 t', '160 kW', '28 m span', '62 t'], status: 'Down' },
  { name: 'Rectifier Unit RU-1', code: 'SM-RU-01', kind: 'rectifier', department: 'Smelting', location: 'Rectifier Station North', model: 'DRU 420 kA', manufacturer: 'ABB', installed: '2009-08-30', specs: ['420 kA / 1,450 V DC', '610 MW', '18 x 9 x 7 m', '210 t'] },
  { name: 'Rectifier Unit RU-2', code: 'SM-RU-02', kind: 'rectifier', department: 'Smelting', location: 'Rectifier Station North', model: 'DRU 420 kA', manufacturer: 'ABB', installed: '2009-08-30', specs: ['420 kA / 1,450 V DC', '610 MW', '18 x 9 x 7 m', '210 t'] },
  { name: 'Rectifier Unit RU-3', code: 'SM-RU-03', kind: 'rectifier', department: 'Smelting', location: 'Rectifier Station South', model: 'Sitras HR 500', manufacturer: 'Siemens Energy', installed: '2018-03-04', specs: ['500 kA / 1,650 V DC', '820 MW', '20 x 10 x 7 m', '240 t'] },
  { name: 'Fume Treatment Centre FTC-1', code: 'SM-FTC-01', kind: 'fume', department: 'Smelting', location: 'Potroom A/B Roof', model: 'Alpsys GTC', manufacturer: 'Fives Solios', installed: '2009-10-01', specs: ['2.4 M Nm³/h', '3.2 MW', '64 x 30 x 26 m', '1,100 t'] },
  // Casting: DC casters, furnaces, homogenising, saws.
  { name: 'DC Caster 1 (Billet)', code: 'CA-DC-01', kind: 'caster', department: 'Casting', location: 'Casthouse Bay 1', model: 'LHC Billet Table', manufacturer: 'Wagstaff', installed: '2014-04-10', specs: ['96 billets / 8 m drop', '220 kW', '6.5 x 6.5 m pit 10 m', '48 t'] },
  { name: 'DC Caster 2 (Slab)', code: 'CA-DC-02', kind: 'caster', department: 'Casting', location: 'Casthouse Bay 2', model: 'ShurCast Slab', manufacturer: 'Wagstaff', installed: '2016-11-03', specs: ['4 slabs x 30 t', '310 kW', '8 x 5 m pit 11 m', '75 t'], status: 'Down' },
  { name: 'DC Caster 3 (Slab)', code: 'CA-DC-03', kind: 'caster', department: 'Casting', location: 'Casthouse Bay 3', model: 'ShurCast Slab', manufacturer: 'Wagstaff', installed: '2021-07-19', specs: ['5 slabs x 30 t', '340 kW', '8 x 6 m pit 11 m', '82 t'] },
  { name: 'Holding Furnace HF-1', code: 'CA-HF-01', kind: 'furnace', department: 'Casting', location: 'Casthouse Bay 1', model: 'Tilting THF-60', manufacturer: 'Gautschi', installed: '2014-04-10', specs: ['60 t', '9 MW gas', '11 x 7 x 5 m', '380 t'] },
  { name: 'Holding Furnace HF-2', code: 'CA-HF-02', kind: 'furnace', department: 'Casting', location: 'Casthouse Bay 2', model: 'Tilting THF-80', manufacturer: 'Gautschi', installed: '2016-11-03', specs: ['80 t', '11 MW gas', '12 x 8 x 5 m', '450 t'] },
  { name: 'Melting Furnace MF-1', code: 'CA-MF-01', kind: 'furnace', department: 'Casting', location: 'Casthouse Bay 1', model: 'Ecomelt PR', manufacturer: 'Hertwich Engineering', installed: '2015-02-25', specs: ['25 t/h', '14 MW gas', '18 x 9 x 6 m', '520 t'] },
  { name: 'Homogenising Furnace HO-1', code: 'CA-HO-01', kind: 'furnace', department: 'Casting', location: 'Homogenising Hall', model: 'Batch Homogeniser 120 t', manufacturer: 'Hertwich Engineering', installed: '2014-09-01', specs: ['120 t per charge', '6 MW gas', '16 x 6 x 5 m', '290 t'] },
  { name: 'Homogenising Furnace HO-2', code: 'CA-HO-02', kind: 'furnace', department: 'Casting', location: 'Homogenising Hall', model: 'Batch Homogeniser 120 t', manufacturer: 'Hertwich Engineering', installed: '2019-01-14', specs: ['120 t per charge', '6 MW gas', '16 x 6 x 5 m', '290 t'], status: 'Maintenance' },
  { name: 'Billet Log Saw LS-1', code: 'CA-SAW-01', kind: 'saw', department: 'Casting', location: 'Casthouse Finishing', model: 'BSA 1200', manufacturer: 'Hertwich Engineering', installed: '2014-06-02', specs: ['Ø 180–410 mm', '90 kW', '14 x 4 m', '22 t'] },
  { name: 'In-line Degasser DG-1', code: 'CA-DG-01', kind: 'line', department: 'Casting', location: 'Casthouse Bay 2', model: 'SNIF P-140', manufacturer: 'Pyrotek', installed: '2016-11-03', specs: ['1,400 kg/min', '75 kW', '3.5 x 2.2 m', '11 t'] },
  // Rolling mill: hot mill stands, cold mills, coilers, finishing.
  { name: 'Hot Reversing Mill R1', code: 'RM-HR-01', kind: 'mill', department: 'Rolling Mill', location: 'Hot Mill Hall', model: '4-High Reversing Roughing Stand', manufacturer: 'SMS group', installed: '2007-05-07', specs: ['2,800 mm width', '2 x 5 MW', '22 x 14 x 12 m', '1,850 t'] },
  { name: 'Hot Finishing Stand F1', code: 'RM-HF-01', kind: 'mill', department: 'Rolling Mill', location: 'Hot Mill Hall', model: '4-High Tandem Stand', manufacturer: 'Primetals Technologies', installed: '2007-05-07', specs: ['2,300 mm width', '6 MW', '12 x 10 x 11 m', '1,200 t'] },
  { name: 'Hot Finishing Stand F2', code: 'RM-HF-02', kind: 'mill', department: 'Rolling Mill', location: 'Hot Mill Hall', model: '4-High Tandem Stand', manufacturer: 'Primetals Technologies', installed: '2007-05-07', specs: ['2,300 mm width', '6 MW', '12 x 10 x 11 m', '1,200 t'] },
  { name: 'Hot Finishing Stand F3', code: 'RM-HF-03', kind: 'mill', department: 'Rolling Mill', location: 'Hot Mill Hall', model: '4-High Tandem Stand', manufacturer: 'Primetals Technologies', installed: '2007-05-07', specs: ['2,300 mm width', '6 MW', '12 x 10 x 11 m', '1,200 t'], status: 'Maintenance' },
  { name: 'Cold Rolling Mill CM-1', code: 'RM-CM-01', kind: 'mill', department: 'Rolling Mill', location: 'Cold Mill Hall', model: 'OPTIMILL 6-High', manufacturer: 'Achenbach Buschhütten', installed: '2012-08-20', specs: ['2,100 mm width, 1,500 m/min', '7.5 MW', '30 x 12 x 10 m', '980 t'] },
  { name: 'Cold Rolling Mill CM-2', code: 'RM-CM-02', kind: 'mill', department: 'Rolling Mill', location: 'Cold Mill Hall', model: 'CVC plus 6-High', manufacturer: 'SMS group', installed: '2017-04-11', specs: ['2,300 mm width, 1,800 m/min', '9 MW', '32 x 12 x 10 m', '1,150 t'], status: 'Down' },
  { name: 'Hot Mill Down Coiler DC-1', code: 'RM-CO-01', kind: 'coiler', department: 'Rolling Mill', location: 'Hot Mill Exit', model: 'Mandrel Down Coiler', manufacturer: 'SMS group', installed: '2007-05-07', specs: ['30 t coil', '1.8 MW', '9 x 7 x 6 m', '240 t'] },
  { name: 'Cold Mill Tension Reel TR-1', code: 'RM-CO-02', kind: 'coiler', department: 'Rolling Mill', location: 'Cold Mill Hall', model: 'Tension Reel 610', manufacturer: 'Achenbach Buschhütten', installed: '2012-08-20', specs: ['25 t coil', '1.2 MW', '7 x 5 x 4 m', '120 t'] },
  { name: 'Slitting Line SL-1', code: 'RM-SL-01', kind: 'line', department: 'Rolling Mill', location: 'Finishing Bay', model: 'Slitter 2000', manufacturer: 'Danieli Fröhling', installed: '2013-03-18', specs: ['2,000 mm, 600 m/min', '850 kW', '60 x 9 m', '310 t'], status: 'Idle' },
  { name: 'Coil Annealing Furnace CAF-1', code: 'RM-AF-01', kind: 'furnace', department: 'Rolling Mill', location: 'Annealing Bay', model: 'HICON/H2 Bell', manufacturer: 'EBNER', installed: '2012-10-09', specs: ['4 coils, 120 t', '2.4 MW', '8 x 8 x 7 m', '180 t'] },
  // Quality control: spectrometers, tensile testers and inspection.
  { name: 'Optical Emission Spectrometer OES-1', code: 'QC-OES-01', kind: 'lab', department: 'Quality Control', location: 'Casthouse Lab', model: 'SPECTROMAXx', manufacturer: 'SPECTRO Analytical Instruments', installed: '2019-02-12', specs: ['Al, Mg, Cu, Fe, Si bases', '1.2 kW', '1.5 x 0.8 x 1.1 m', '250 kg'] },
  { name: 'Optical Emission Spectrometer OES-2', code: 'QC-OES-02', kind: 'lab', department: 'Quality Control', location: 'Central Laboratory', model: 'ARL iSpark 8860', manufacturer: 'Thermo Fisher Scientific', installed: '2021-06-07', specs: ['Trace to 0.1 ppm', '1.5 kW', '1.6 x 0.9 x 1.2 m', '310 kg'] },
  { name: 'Tensile Tester TT-1', code: 'QC-TT-01', kind: 'lab', department: 'Quality Control', location: 'Mechanical Test Lab', model: 'AllroundLine Z250', manufacturer: 'ZwickRoell', installed: '2016-09-26', specs: ['250 kN', '3 kW', '1.4 x 0.9 x 2.6 m', '1.1 t'] },
  { name: 'Tensile Tester TT-2', code: 'QC-TT-02', kind: 'lab', department: 'Quality Control', location: 'Mechanical Test Lab', model: '5985 Dual Column', manufacturer: 'Instron', installed: '2011-04-04', specs: ['250 kN', '3.5 kW', '1.5 x 0.9 x 2.8 m', '1.3 t'], status: 'Idle' },
  { name: 'XRF Bath Analyser XRF-1', code: 'QC-XRF-01', kind: 'lab', department: 'Quality Control', location: 'Potroom Lab', model: 'S8 TIGER', manufacturer: 'Bruker', installed: '2018-07-16', specs: ['Bath ratio, CaF2, Al2O3', '4 kW', '1.2 x 0.9 x 1.4 m', '700 kg'] },
  { name: 'Ultrasonic Plate Scanner UT-1', code: 'QC-UT-01', kind: 'lab', department: 'Quality Control', location: 'Finishing Bay', model: 'OmniScan X3 immersion', manufacturer: 'Evident (Olympus)', installed: '2020-01-20', specs: ['Plate to 250 mm', '5 kW', '12 x 4 m tank', '8 t'] },
  { name: 'Hardness Tester HT-1', code: 'QC-HT-01', kind: 'lab', department: 'Quality Control', location: 'Mechanical Test Lab', model: 'Duramin-40', manufacturer: 'Struers', installed: '2017-05-02', specs: ['HV 0.01–62.5 kgf', '0.3 kW', '0.6 x 0.7 x 0.9 m', '95 kg'] },
  { name: 'Surface Inspection System SIS-1', code: 'QC-SIS-01', kind: 'lab', department: 'Quality Control', location: 'Cold Mill Exit', model: 'Parsytec 5i', manufacturer: 'ISRA VISION', installed: '2017-04-11', specs: ['2,300 mm strip, 1,800 m/min', '2 kW', '3 x 2.5 m frame', '1.8 t'] },
];

export function specificationsOf(plant: PlantMachine) {
  const [capacity, power, dimensions, weight] = plant.specs;
  return { capacity, power, dimensions, weight };
}
