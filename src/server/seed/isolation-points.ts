import type { IsolationKind, IsolationPoint } from '#shared/isolation.ts';
import type { MachineKind, PlantMachine } from './plant.ts';
import { createRandom } from './random.ts';

type Point = [kind: IsolationKind, location: string, isolate: string, verify: string];

const lockBreaker = 'Lock the breaker open, apply padlock and tag';
const testDetector = 'test the voltage detector on a known live source first';

/** Realistic points for each kind of plant machine, worded as the site's isolation sheets are. */
const pointsOf: Record<MachineKind, (machine: PlantMachine) => Point[]> = {
  potline: ({ code, location }) => [
    [
      'electrical',
      `Cell cut-out switch of the cell to be worked on, ${location} busbar side`,
      'Close the cut-out switch with the shorting wedges, lock it closed and tag it',
      `Read the cell voltage at the ${code} cell panel: below 0.1 V across the shorted cell`,
    ],
    [
      'molten_metal',
      `Tapping hole of the cell, ${location}`,
      'Tap the cell down to the working level and fit the crust cover and its tag',
      'Check the metal pad level with the dip rod: below the working mark',
    ],
    [
      'thermal',
      `Cell hooding and crust, ${location}`,
      'Keep the hoods in place except the one worked under; wear the aluminised kit',
      'Read the hood surface with the IR thermometer before removing it: below 60 °C at the work face',
    ],
  ],
  crane: ({ code, location }) => [
    [
      'electrical',
      `Main isolator of ${code} on the runway conductor rail, ${location} gable end`,
      `${lockBreaker}; pull the collector trolley off the rail`,
      `Press start at the cab: no travel, hoist or tool must move; ${testDetector}`,
    ],
    [
      'gravity',
      `Hoist and tool carriage of ${code}`,
      'Lower the load and tools onto their rests or the floor, apply the hoist brake',
      'Release the brake lever gently: hook and tools must not move',
    ],
    [
      'hydraulic',
      `Tool hydraulic unit on the ${code} trolley deck`,
      'Stop the pump, lock its isolator, open the accumulator dump valve',
      'Read the accumulator gauge: 0 bar, and operate a tool lever: no movement',
    ],
  ],
  rectifier: ({ code, location }) => [
    [
      'electrical',
      `Incoming 220 kV circuit breaker of ${code}, ${location} switchyard bay`,
      'Open the breaker and the disconnector, lock both and tag them; close the earth switch',
      `Check the disconnector blades open by sight; ${testDetector}, then test the transformer bushings`,
    ],
    [
      'electrical',
      `DC busbar disconnector of ${code}, rectifier hall`,
      'Open the DC disconnector and lock it open with the potline control room key',
      'Read 0 A on the unit DC ammeter and test dead at the bus with the DC detector',
    ],
    [
      'chemical',
      `Transformer oil and SF6 gauges of ${code}`,
      'Close the oil cooler valves and lock them; do not open gas compartments',
      'Read the SF6 density gauge in the green band and no oil at the drip trays',
    ],
  ],
  fume: ({ code, location }) => [
    [
      'electrical',
      `Main fan drive breaker of ${code}, MCC room ${location}`,
      lockBreaker,
      `Press start at the local station: the fan must not turn; ${testDetector}`,
    ],
    [
      'chemical',
      `Alumina and HF duct dampers of ${code}`,
      'Close the inlet dampers, lock them with the chain locks and tag them',
      'Read the HF monitor at the work point: below 0.5 ppm before opening any hatch',
    ],
    [
      'pneumatic',
      `Filter bag pulse-air header of ${code}`,
      'Close the air supply valve, lock it, open the header drain',
      'Read the header gauge at 0 bar and press a pulse valve test button: no pulse',
    ],
  ],
  caster: ({ code, location }) => [
    [
      'molten_metal',
      `Metal supply launder from the holding furnace to ${code}, ${location}`,
      'Close the furnace tap-out with the stopper, fit the launder dam board and tag it',
      'Look along the launder: empty and no metal at the dam; the furnace tilt is locked level',
    ],
    [
      'hydraulic',
      `Platen cylinder hydraulic unit of ${code}, casting pit side`,
      'Lower the platen to its stops, stop the pump, lock its isolator, open the accumulator dump valve',
      'Read the system gauge at 0 bar and press platen raise: the platen must not move',
    ],
    [
      'chemical',
      `Cooling water supply to the ${code} mould table`,
      'Close and lock the mould water valve and the pit water spray valve; tag both',
      'Check the mould table flow meter at 0 m³/h and no water at the pit sprays',
    ],
    [
      'electrical',
      `Caster drive and control panel of ${code}, MCC-2`,
      lockBreaker,
      `Press start at the casting desk: the table drive must not move; ${testDetector}`,
    ],
  ],
  furnace: ({ code, location }) => [
    [
      'thermal',
      `Main gas burner train of ${code}, ${location}`,
      'Close both safety shut-off valves and the manual gas cock, lock the cock and tag it',
      'Read the gas pressure between the valves at 0 mbar and the flame scanner dark',
    ],
    [
      'electrical',
      `Combustion fan and door drive breakers of ${code}, MCC-4`,
      lockBreaker,
      `Press the door raise and fan start buttons: nothing must move; ${testDetector}`,
    ],
    [
      'gravity',
      `Furnace door of ${code}`,
      'Lower the door onto its sill, or pin it up with the two mechanical door pins',
      'Release the door brake: the door must not move; both pins are seen in place',
    ],
  ],
  saw: ({ code, location }) => [
    [
      'electrical',
      `Saw blade drive breaker of ${code}, MCC-5 cubicle 3, ${location}`,
      lockBreaker,
      `Press start at the operator desk: the blade must not turn; ${testDetector}`,
    ],
    [
      'hydraulic',
      `Log clamp and feed hydraulic unit of ${code}`,
      'Stop the pump, lock its isolator, open the accumulator dump valve',
      'Read the clamp gauge at 0 bar and move the clamp lever: no movement',
    ],
  ],
  mill: ({ code, location }) => [
    [
      'electrical',
      `Main drive breaker of ${code}, MCC-3 cubicle 12`,
      lockBreaker,
      `Press start at the local station: the drive must not turn; ${testDetector}`,
    ],
    [
      'hydraulic',
      `Roll gap and bending hydraulic unit of ${code}, basement pump room`,
      'Stop both pumps, lock their isolators, open the accumulator dump valves',
      'Read the system gauges at 0 bar and jog the roll gap from the pulpit: no movement',
    ],
    [
      'chemical',
      `Roll coolant pump of ${code}, ${location} coolant cellar`,
      'Lock the coolant pump breaker open and close the header valve with a chain lock',
      'Open the spray bar test cock: no coolant flows',
    ],
  ],
  coiler: ({ code }) => [
    [
      'electrical',
      `Mandrel drive breaker of ${code}, MCC-3`,
      lockBreaker,
      `Press start at the local station: the mandrel must not turn; ${testDetector}`,
    ],
    [
      'hydraulic',
      `Mandrel expansion and wrapper roll hydraulics of ${code}`,
      'Collapse the mandrel, stop the pump, lock its isolator and open the dump valve',
      'Read 0 bar on the mandrel gauge and press expand: the mandrel must not move',
    ],
    [
      'gravity',
      `Coil car and wrapper rolls of ${code}`,
      'Lower the coil car to its end stop and fit the wrapper roll locking pins',
      'Check the pins seated and the coil car resting on its stop',
    ],
  ],
  line: ({ code, location }) => [
    [
      'electrical',
      `Line drive breaker of ${code}, MCC-6, ${location}`,
      lockBreaker,
      `Press start at the line desk: nothing must turn; ${testDetector}`,
    ],
    [
      'pneumatic',
      `Compressed air and argon supply of ${code}`,
      'Close the supply valves, lock them and open the bleed valves',
      'Read the line gauges at 0 bar and press a valve test button: no movement or flow',
    ],
  ],
  lab: ({ code, location }) => [
    [
      'electrical',
      `Mains isolator of ${code} on the ${location} wall`,
      'Switch the isolator off, fit the lockout hasp and padlock and tag it',
      `Press the instrument power button: nothing lights; ${testDetector}`,
    ],
    [
      'pneumatic',
      `Argon or air supply of ${code} at the bench manifold`,
      'Close the manifold valve, lock it with the valve cover and vent the line',
      'Read the regulator gauge at 0 bar',
    ],
  ],
};

/** A number from the machine's code, so its point ids are the same on every run and apart from the plant's draws. */
const seedOf = (code: string) =>
  [...code].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);

/** The isolation points a seeded machine (its code `code`) of this plant kind starts with, each with its own id. */
export function isolationPointsOf(machine: PlantMachine, code = machine.code): IsolationPoint[] {
  const random = createRandom(seedOf(code));
  return pointsOf[machine.kind](machine).map(([kind, location, isolate, verify]) => ({
    _id: random.uuid(),
    kind,
    location,
    isolate,
    verify,
  }));
}
