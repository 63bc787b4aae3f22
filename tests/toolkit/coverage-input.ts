/**
 * One coverage input worked out by hand, for the coverage and report tests: 'door' (mapped to the browser, with
 * something missing at every level), 'lamp' (complete), and 'ghost' (mapped, but no such machine).
 */
import type { CoverageInput } from '#toolkit';

export const D = [
  { key: 'door.shut|open|0', label: 'door.shut --open--> door.open' },
  { key: 'door.open|close|0', label: 'door.open --close--> door.shut' },
  { key: 'door.shut|lock|0', label: 'door.shut --lock [isOld]--> door.locked' },
];

export function doorAndLamp(): CoverageInput {
  return {
    machines: [
      { id: 'lamp', defined: [{ key: 'lamp.off|on|0', label: 'lamp.off --on--> lamp.on' }] },
      { id: 'door', defined: D, guards: ['isLocked', 'isOld'] },
    ],
    machineReports: {
      door: {
        transitions: [
          { key: D[0]!.key, covered: true },
          { key: D[1]!.key, covered: true },
          { key: D[2]!.key, covered: false },
        ],
        pairs: {
          candidates: 6,
          feasible: 3,
          covered: 2,
          paths: 1,
          missed: [{ key: 'p', label: 'open >> close' }],
          infeasible: [
            { key: 'q', label: 'lock >> open', reason: 'locked' },
            { key: 'r', label: 'close >> close', reason: 'shut' },
          ],
        },
        sneak: { checked: 4, failures: ['in shut, reached by: start\n  the unhandled event close changed: context'] },
        guards: {
          tally: { isLocked: { true: 1, false: 0 }, gone: { true: 1, false: 1 } },
          missing: [],
          excluded: [],
          unobservable: ['inline guard isWide'],
        },
      },
      lamp: {
        transitions: [{ key: 'lamp.off|on|0', covered: true }],
        pairs: { candidates: 1, feasible: 0, covered: 0, paths: 0, missed: [], infeasible: [] },
        sneak: { checked: 0, failures: [] },
        guards: { tally: {}, missing: [], excluded: [], unobservable: [] },
      },
    },
    browserReports: {
      door: [{ transitions: [D[0]!.key] }, { transitions: [D[1]!.key, D[0]!.key] }],
    },
    browserMapped: ['door', 'ghost'],
    exclusions: [
      { machine: 'door', transition: D[2]!.key, reason: 'needs a key' },
      { machine: 'door', guard: 'isOld', outcome: true, reason: 'no old doors' },
      { machine: 'door', guard: 'isLocked', outcome: true, reason: 'seen anyway' },
    ],
  };
}
