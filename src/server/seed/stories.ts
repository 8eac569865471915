import type { IncidentType, Priority, TicketCategory } from '#shared/enums.ts';
import type { MachineKind } from './plant.ts';

export interface TicketStory {
  title: string;
  description: string;
  category: TicketCategory;
  priority: Priority;
  /** Machine kinds the fault happens on; absent means any machine. */
  kinds?: MachineKind[];
}

export const ticketStories: TicketStory[] = [
  {
    title: 'Cooling water pump vibration',
    description:
      'Vibration on the cooling water pump has risen to 7 mm/s over the last two shifts. Bearing noise audible at the drive end.',
    category: 'Mechanical',
    priority: 'High',
  },
  {
    title: 'Hydraulic pump pressure drops under load',
    description:
      'System pressure falls from 210 bar to about 160 bar when the main cylinders move. Pump case runs hot.',
    category: 'Hydraulic',
    priority: 'High',
  },
  {
    title: 'Hydraulic oil leak at manifold',
    description:
      'Steady drip from the valve manifold; roughly 5 litres lost per shift. Drip tray placed, area cordoned.',
    category: 'Hydraulic',
    priority: 'Medium',
  },
  {
    title: 'Compressed air leak on valve block',
    description: 'Audible air leak at the pneumatic valve block. Line pressure drops to 5.2 bar during cycling.',
    category: 'Pneumatic',
    priority: 'Low',
  },
  {
    title: 'Motor overheating alarm',
    description: 'Drive motor winding temperature alarm at 135 °C. Cooling fan runs; filter mat looks clogged.',
    category: 'Electrical',
    priority: 'High',
  },
  {
    title: 'PLC communication fault',
    description:
      'Intermittent Profinet communication loss between the PLC and remote I/O rack 3. Machine trips to safe stop.',
    category: 'Software',
    priority: 'High',
  },
  {
    title: 'HMI screen freezes',
    description:
      'Operator panel freezes for 20–30 s several times per shift. Restarting the panel clears it temporarily.',
    category: 'Software',
    priority: 'Medium',
  },
  {
    title: 'Emergency stop circuit fault',
    description: 'Safety relay reports a discrepancy on the pull-cord e-stop channel. Machine cannot be reset.',
    category: 'Electrical',
    priority: 'Critical',
  },
  {
    title: 'Lubrication pump not delivering',
    description: 'Central grease lubrication pump runs but the low-flow alarm stays on. Several points look dry.',
    category: 'Mechanical',
    priority: 'Medium',
  },
  {
    title: 'Guard interlock switch damaged',
    description:
      'Interlock switch on the access gate is cracked and was taped over. Needs replacement before next start.',
    category: 'Electrical',
    priority: 'High',
  },
  {
    title: 'Gearbox oil contaminated',
    description: 'Oil sample from the main gearbox shows high iron content and water. Sight glass is milky.',
    category: 'Mechanical',
    priority: 'Medium',
  },
  {
    title: 'Anode beam raise motor trips',
    description:
      'Anode beam raising motor trips on overcurrent during beam raise on several cells. Beam screw jacks may need attention.',
    category: 'Electrical',
    priority: 'High',
    kinds: ['potline'],
  },
  {
    title: 'Cell voltage noise on busbar section',
    description:
      'Noisy cell voltage on a group of cells; suspect a poor busbar flexible connection. Thermal camera shows a hot joint.',
    category: 'Electrical',
    priority: 'High',
    kinds: ['potline'],
  },
  {
    title: 'Alumina point feeder blocked',
    description: 'Point feeder breaker not cycling on two cells; alumina feeding by hand meanwhile. Anode effect risk.',
    category: 'Pneumatic',
    priority: 'Critical',
    kinds: ['potline'],
  },
  {
    title: 'Crust breaker chisel worn',
    description: 'Crust breaker chisel worn short; it no longer breaks through the crust reliably.',
    category: 'Mechanical',
    priority: 'Medium',
    kinds: ['crane', 'potline'],
  },
  {
    title: 'Hoist brake slipping',
    description: 'Hoist brake slips about 50 mm when holding a full anode. Crane restricted to light lifts.',
    category: 'Mechanical',
    priority: 'Critical',
    kinds: ['crane'],
  },
  {
    title: 'Long travel wheel flange wear',
    description: 'Visible flange wear on the long travel wheels on the north rail. Crane crabbing noise.',
    category: 'Mechanical',
    priority: 'Medium',
    kinds: ['crane'],
  },
  {
    title: 'Rectifier cooling water conductivity high',
    description:
      'Deionised cooling water conductivity at 2.1 µS/cm, limit 1.5. Ion exchanger cartridge likely exhausted.',
    category: 'Electrical',
    priority: 'High',
    kinds: ['rectifier'],
  },
  {
    title: 'Thyristor fuse failure',
    description: 'Fuse failure indication on one thyristor arm. Unit running on reduced current.',
    category: 'Electrical',
    priority: 'Critical',
    kinds: ['rectifier'],
  },
  {
    title: 'Filter bag differential pressure high',
    description: 'Baghouse differential pressure at 2.4 kPa and rising. Pulse cleaning valves to be checked.',
    category: 'Pneumatic',
    priority: 'Medium',
    kinds: ['fume'],
  },
  {
    title: 'Mould water flow low on strand',
    description:
      'Mould cooling water flow low on two strands during the last drop; bleed-out risk. Flow meter or nozzle blockage suspected.',
    category: 'Hydraulic',
    priority: 'Critical',
    kinds: ['caster'],
  },
  {
    title: 'Casting table platen not level',
    description: 'Platen tilts during descent; ingots come out with a bent butt. Cylinder guide bushes worn.',
    category: 'Hydraulic',
    priority: 'High',
    kinds: ['caster'],
  },
  {
    title: 'Burner fails to ignite',
    description: 'Burner 3 fails to ignite on the first attempt; flame scanner lens looks sooted.',
    category: 'Electrical',
    priority: 'High',
    kinds: ['furnace'],
  },
  {
    title: 'Furnace door seal damaged',
    description: 'Door seal rope burnt through on the left side; heat loss and scorched door frame.',
    category: 'Mechanical',
    priority: 'Medium',
    kinds: ['furnace'],
  },
  {
    title: 'Thermocouple reading erratic',
    description: 'Control thermocouple jumps by ±40 °C. Compensation cable damaged near the door.',
    category: 'Electrical',
    priority: 'Medium',
    kinds: ['furnace'],
  },
  {
    title: 'Saw blade vibration and poor cut',
    description: 'Saw blade chatters and leaves a rough cut face; blade teeth chipped.',
    category: 'Mechanical',
    priority: 'Medium',
    kinds: ['saw'],
  },
  {
    title: 'Work roll chatter marks',
    description: 'Chatter marks across the strip at 3rd octave frequency. Roll bearings or chock liners to be checked.',
    category: 'Mechanical',
    priority: 'High',
    kinds: ['mill'],
  },
  {
    title: 'AGC servo valve sticking',
    description:
      'Automatic gauge control servo valve responds slowly; thickness deviation out of tolerance at the head end.',
    category: 'Hydraulic',
    priority: 'High',
    kinds: ['mill'],
  },
  {
    title: 'Roll coolant pump seal leaking',
    description: 'Mechanical seal of the roll coolant pump leaking emulsion onto the floor.',
    category: 'Hydraulic',
    priority: 'Medium',
    kinds: ['mill'],
  },
  {
    title: 'Coiler mandrel not expanding fully',
    description: 'Mandrel segments do not expand fully; coils telescope on the first wraps.',
    category: 'Hydraulic',
    priority: 'High',
    kinds: ['coiler'],
  },
  {
    title: 'Strip tension fluctuating',
    description: 'Tension reading fluctuates by ±8 % at line speed. Load cell or drive tuning suspected.',
    category: 'Electrical',
    priority: 'Medium',
    kinds: ['coiler', 'line'],
  },
  {
    title: 'Spectrometer argon flush alarm',
    description:
      'Argon flush pressure alarm during burns; results flagged unreliable. Argon purifier or leak to check.',
    category: 'Other',
    priority: 'High',
    kinds: ['lab'],
  },
  {
    title: 'Calibration drift outside tolerance',
    description:
      'Control sample reads outside tolerance after recalibration. Standardisation needed before release testing.',
    category: 'Other',
    priority: 'Medium',
    kinds: ['lab'],
  },
  {
    title: 'Extensometer arm loose',
    description: 'Clip-on extensometer knife edge slips on specimens; elongation results scatter.',
    category: 'Mechanical',
    priority: 'Low',
    kinds: ['lab'],
  },
  {
    title: 'Software licence dongle not detected',
    description: 'Test software reports no licence after a Windows update; tests cannot be started.',
    category: 'Software',
    priority: 'Medium',
    kinds: ['lab'],
  },
];

export const progressComments = [
  'Isolated and locked out. Starting inspection now.',
  'Spare ordered from stores, expected tomorrow morning.',
  'Checked on night shift: fault still present, logged readings in the shift book.',
  'Temporary fix in place, full repair planned for the next stop.',
  'Vendor service engineer contacted; remote session booked.',
  'Found the root cause, preparing a work permit for the repair.',
  'Production informed; running at reduced rate until repaired.',
  'Thermal images attached to the shift report.',
];

export const resolvedComments = [
  'Replaced the worn part, tested under load for one hour. OK.',
  'Seal replaced and system refilled. No leak after two cycles.',
  'Recalibrated and verified with the reference sample. Within tolerance.',
  'Cleaned and re-terminated the connection. Readings stable now.',
  'Firmware updated and settings restored from backup. Running normally.',
  'Adjusted and re-tensioned. Handed back to production.',
];

export const reporterComments = [
  'Happened again at the start of B shift.',
  'Any update on this? Line rate is limited.',
  'Thanks, running fine since the repair.',
  'Noise is worse when the machine is cold.',
];

export interface IncidentStory {
  title: string;
  description: string;
  type: IncidentType;
  severity: readonly (readonly [IncidentSeverity, number])[];
  department: 'Rolling Mill' | 'Smelting' | 'Casting' | 'Quality Control' | 'Maintenance';
  locations: string[];
  immediateActions: string;
}

type IncidentSeverity = 'Low' | 'Medium' | 'High' | 'Critical';

export const incidentStories: IncidentStory[] = [
  {
    title: 'Molten metal splash at tapping',
    description:
      'Metal splashed out of the crucible during tapping when the siphon tube was lowered. Operator wearing full aluminised PPE.',
    type: 'Injury',
    severity: [
      ['Medium', 2],
      ['High', 2],
      ['Critical', 1],
    ],
    department: 'Smelting',
    locations: ['Potroom A', 'Potroom B', 'Potroom C'],
    immediateActions: 'First aid given on site, area cleared, tapping suspended on the cell pending review.',
  },
  {
    title: 'Near miss: suspended anode swung',
    description: 'Anode swung towards a pedestrian walkway while the PTM travelled. Nobody in the path at the time.',
    type: 'Near Miss',
    severity: [
      ['Medium', 3],
      ['High', 1],
    ],
    department: 'Smelting',
    locations: ['Potroom A', 'Potroom B', 'Anode Storage Yard'],
    immediateActions: 'Crane stopped, walkway closed, toolbox talk with crane drivers.',
  },
  {
    title: 'Magnetic field exposure complaint',
    description: 'Contractor reported dizziness after working near the busbars; had a pacemaker screening pending.',
    type: 'Injury',
    severity: [
      ['Low', 2],
      ['Medium', 1],
    ],
    department: 'Smelting',
    locations: ['Potroom C', 'Rectifier Station North'],
    immediateActions: 'Contractor escorted out of the potroom, medical check arranged.',
  },
  {
    title: 'Fluoride emission exceedance',
    description: 'Stack monitor showed HF above the permit limit for 40 minutes after a bag filter compartment failed.',
    type: 'Environmental',
    severity: [
      ['Medium', 1],
      ['High', 2],
    ],
    department: 'Smelting',
    locations: ['Potroom A/B Roof'],
    immediateActions: 'Compartment isolated, authority notified, increased monitoring.',
  },
  {
    title: 'Bleed-out during drop',
    description: 'Metal bled out of a mould during the start of the drop and ran into the casting pit.',
    type: 'Property Damage',
    severity: [
      ['High', 2],
      ['Critical', 1],
    ],
    department: 'Casting',
    locations: ['Casthouse Bay 1', 'Casthouse Bay 2', 'Casthouse Bay 3'],
    immediateActions: 'Drop aborted, pit water level checked, area evacuated until metal solidified.',
  },
  {
    title: 'Wet dross skim tool caused steam burst',
    description: 'A skimming tool that was not preheated caused a small steam burst at the furnace door.',
    type: 'Near Miss',
    severity: [
      ['Medium', 2],
      ['High', 1],
    ],
    department: 'Casting',
    locations: ['Casthouse Bay 1', 'Casthouse Bay 2'],
    immediateActions: 'Tools moved to the preheating rack, tool check added to the shift start list.',
  },
  {
    title: 'Forklift struck billet rack',
    description: 'Forklift reversing out of the finishing area struck a billet rack; two billets fell.',
    type: 'Property Damage',
    severity: [
      ['Low', 2],
      ['Medium', 2],
    ],
    department: 'Casting',
    locations: ['Casthouse Finishing', 'Billet Yard'],
    immediateActions: 'Area cordoned, rack inspected, driver stood down pending review.',
  },
  {
    title: 'Hand caught in coil banding tool',
    description: 'Operator pinched a finger in the coil banding tool while removing a jammed strap.',
    type: 'Injury',
    severity: [
      ['Low', 2],
      ['Medium', 2],
    ],
    department: 'Rolling Mill',
    locations: ['Hot Mill Exit', 'Finishing Bay'],
    immediateActions: 'First aid, tool tagged out, jam clearing procedure re-briefed.',
  },
  {
    title: 'Near miss: strip break at speed',
    description: 'Strip broke at 900 m/min; the tail whipped past the operator pulpit window.',
    type: 'Near Miss',
    severity: [
      ['High', 2],
      ['Critical', 1],
    ],
    department: 'Rolling Mill',
    locations: ['Cold Mill Hall'],
    immediateActions: 'Mill stopped, pulpit window checked, guard extension requested.',
  },
  {
    title: 'Roll coolant emulsion spill',
    description: 'About 800 litres of roll coolant emulsion overflowed from the cellar sump into the drainage channel.',
    type: 'Environmental',
    severity: [
      ['Medium', 2],
      ['High', 1],
    ],
    department: 'Rolling Mill',
    locations: ['Hot Mill Hall', 'Cold Mill Hall'],
    immediateActions: 'Drain sealed, spill kits used, waste contractor called.',
  },
  {
    title: 'Oil mist fire in mill cellar',
    description:
      'Small fire in accumulated oil mist deposits under the finishing stands; put out by the fixed CO2 system.',
    type: 'Property Damage',
    severity: [
      ['High', 2],
      ['Critical', 1],
    ],
    department: 'Rolling Mill',
    locations: ['Hot Mill Hall'],
    immediateActions: 'Fire brigade attended, cellar ventilated, cleaning campaign started.',
  },
  {
    title: 'Slip on wet floor near sample prep',
    description: 'Technician slipped on coolant from the sample saw; minor bruising.',
    type: 'Injury',
    severity: [
      ['Low', 3],
      ['Medium', 1],
    ],
    department: 'Quality Control',
    locations: ['Central Laboratory', 'Mechanical Test Lab'],
    immediateActions: 'Floor cleaned, drip tray fitted under the saw.',
  },
  {
    title: 'Argon cylinder not secured',
    description: 'An argon cylinder stood unchained next to the spectrometer during a changeover.',
    type: 'Near Miss',
    severity: [
      ['Low', 2],
      ['Medium', 1],
    ],
    department: 'Quality Control',
    locations: ['Casthouse Lab', 'Central Laboratory'],
    immediateActions: 'Cylinder secured, gas store procedure reissued.',
  },
  {
    title: 'Unauthorised person in rectifier yard',
    description: 'A visitor without escort walked into the fenced rectifier yard through an open gate.',
    type: 'Security',
    severity: [
      ['Medium', 2],
      ['High', 1],
    ],
    department: 'Maintenance',
    locations: ['Rectifier Station North', 'Rectifier Station South'],
    immediateActions: 'Visitor escorted out, gate lock replaced, security briefed.',
  },
  {
    title: 'Contractor badge used by another person',
    description: 'Gate log shows a contractor badge used on two gates at the same time.',
    type: 'Security',
    severity: [
      ['Low', 2],
      ['Medium', 1],
    ],
    department: 'Maintenance',
    locations: ['Main Gate', 'East Gate'],
    immediateActions: 'Badge blocked, contractor company informed.',
  },
  {
    title: 'Fall from maintenance platform ladder',
    description: 'Fitter slipped on the last rungs of the ladder to the coiler platform; twisted ankle.',
    type: 'Injury',
    severity: [
      ['Medium', 2],
      ['High', 1],
    ],
    department: 'Maintenance',
    locations: ['Hot Mill Exit', 'Casthouse Bay 3', 'Potroom B'],
    immediateActions: 'First aid and hospital check, ladder rungs cleaned and anti-slip tape fitted.',
  },
];

export const workerNames = [
  'Kofi Mensah',
  'Anna Kowalski',
  'Ruairi MacLeod',
  'Fatima Zahra',
  'Hiroshi Tanaka',
  'Olga Petrova',
  'Diego Ramos',
  'Ingrid Solberg',
  'Callum Fraser',
  'Nadia Haddad',
  'Pieter de Vries',
  'Grace Mwangi',
];

export const workerRoles = [
  'Potroom operator',
  'Crane driver',
  'Casthouse operator',
  'Mill operator',
  'Fitter',
  'Electrician',
  'Lab technician',
  'Contractor',
];

export interface ScheduleStory {
  title: string;
  kinds?: MachineKind[];
  hours: number;
  checklist: string[];
}

export const scheduleStories: ScheduleStory[] = [
  {
    title: 'Monthly lubrication round',
    hours: 2,
    checklist: [
      'Grease all points on the lubrication chart',
      'Check central lubrication reservoir level',
      'Inspect grease lines for damage',
      'Record consumption in the log',
    ],
  },
  {
    title: 'Quarterly electrical inspection',
    hours: 4,
    checklist: [
      'Thermal scan of switchgear and terminals',
      'Check motor insulation resistance',
      'Test emergency stops and interlocks',
      'Tighten terminals found warm',
      'Update inspection record',
    ],
  },
  {
    title: 'Hydraulic system service',
    hours: 6,
    checklist: [
      'Take oil sample for analysis',
      'Replace return filter elements',
      'Check accumulator pre-charge',
      'Inspect hoses for wear and leaks',
      'Verify system pressure settings',
    ],
  },
  {
    title: 'Hoist and brake inspection',
    kinds: ['crane'],
    hours: 5,
    checklist: [
      'Inspect wire rope and terminations',
      'Measure brake lining thickness',
      'Test brake holding torque',
      'Check limit switches',
      'Inspect hook and latch',
    ],
  },
  {
    title: 'Anode beam and jack inspection',
    kinds: ['potline'],
    hours: 8,
    checklist: [
      'Inspect beam screw jacks',
      'Check flexible busbar connections',
      'Measure cell voltage drop on selected cells',
      'Clean and inspect point feeders',
    ],
  },
  {
    title: 'Rectifier cooling and transformer check',
    kinds: ['rectifier'],
    hours: 6,
    checklist: [
      'Check DI water conductivity',
      'Replace ion exchanger cartridge if needed',
      'Inspect transformer oil level and Buchholz relay',
      'Thermal scan of thyristor stacks',
    ],
  },
  {
    title: 'Bag filter inspection',
    kinds: ['fume'],
    hours: 6,
    checklist: [
      'Inspect bags in two compartments',
      'Test pulse valves',
      'Check differential pressure transmitters',
      'Inspect fan bearings',
    ],
  },
  {
    title: 'Mould and water system service',
    kinds: ['caster'],
    hours: 8,
    checklist: [
      'Clean mould water nozzles',
      'Calibrate water flow meters',
      'Inspect platen cylinder guides',
      'Check level sensors',
      'Test emergency water supply',
    ],
  },
  {
    title: 'Burner and refractory inspection',
    kinds: ['furnace'],
    hours: 6,
    checklist: [
      'Clean flame scanners',
      'Check burner air/gas ratio',
      'Inspect door seals',
      'Inspect refractory lining',
      'Verify thermocouple readings',
    ],
  },
  {
    title: 'Roll change and chock inspection',
    kinds: ['mill'],
    hours: 10,
    checklist: [
      'Change work rolls',
      'Inspect chock liners',
      'Check roll bearing lubrication',
      'Verify AGC calibration',
      'Inspect roll coolant sprays',
    ],
  },
  {
    title: 'Coiler mandrel service',
    kinds: ['coiler'],
    hours: 4,
    checklist: [
      'Inspect mandrel segments',
      'Check expansion cylinder',
      'Inspect belt wrapper',
      'Verify tension load cells',
    ],
  },
  {
    title: 'Calibration and verification',
    kinds: ['lab'],
    hours: 3,
    checklist: [
      'Run reference samples',
      'Recalibrate if outside tolerance',
      'Check consumables',
      'Record results in the calibration log',
    ],
  },
];

export const completionNotes = [
  'Done, no findings.',
  'Within limits.',
  'Replaced worn part.',
  'Reading recorded.',
  'OK',
];
