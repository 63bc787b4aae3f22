/**
 * The free slots of the office's calls, from one pure function (docs/decisions/0042-customers-book-their-call.md).
 * The page shows what `freeSlots` answers and the server books only a start `membersFreeAt` accepts: the same
 * code, so what is shown can be booked. `now` is given, never read.
 *
 * Hours are wall-clock ranges, read on the company's clock day by day: a call fits when the clock reads within the
 * range at its start and at its end. A slot start the clock skips (spring) is not offered; one it repeats
 * (autumn) is offered once, at its first instant. A call lasts real minutes across a clock change.
 */
import {
  type BookedCall,
  type OfficeHours,
  SLOT_STEP_MINUTES,
  type Slot,
  type SlotSettings,
  WEEKDAYS,
} from './booking';
import { zonedDate, zonedTimeOfDay, zonedToInstant } from './zonedTime';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface SlotInput {
  hours: OfficeHours[];
  calls: BookedCall[];
  settings: SlotSettings;
  now: number;
}

/** The local dates from `first` to `last`, inclusive ('2026-11-23', …). */
function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${first}T00:00Z`); day <= Date.parse(`${last}T00:00Z`); day += DAY_MS) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00Z`).getUTCDay() + 6) % 7]!;

const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A start on the company's clock within the notice and horizon, and where on the clock its call ends. */
interface Cell {
  date: string;
  time: string;
  start: number;
  endDate: string;
  endTime: string;
}

/** The days read lately: reading a day on the clock costs ~0.5 ms (Intl), and each request reads two weeks. */
const daysRead = new Map<string, Cell[]>();
const DAYS_KEPT = 512;

/** Every half-hour of one day on the company's clock that exists, with where its call would end. */
function cellsOf(date: string, timeZone: string, callMinutes: number): Cell[] {
  const key = `${timeZone} ${date} ${callMinutes}`;
  let cells = daysRead.get(key);
  if (!cells) {
    cells = [];
    for (let minutes = 0; minutes < 24 * 60; minutes += SLOT_STEP_MINUTES) {
      const time = timeOf(minutes);
      const start = zonedToInstant(date, time, timeZone);
      if (start === null) continue;
      const end = start + callMinutes * MINUTE_MS;
      cells.push({ date, time, start, endDate: zonedDate(end, timeZone), endTime: zonedTimeOfDay(end, timeZone) });
    }
    if (daysRead.size >= DAYS_KEPT) daysRead.delete(daysRead.keys().next().value!);
    daysRead.set(key, cells);
  }
  return cells;
}

/** Every half-hour of every day in the window, from the first start the notice allows to the horizon. */
function grid({ settings, now }: SlotInput): Cell[] {
  const earliest = now + settings.noticeMinutes * MINUTE_MS;
  const latest = now + settings.horizonDays * DAY_MS;
  return datesBetween(zonedDate(earliest, settings.timeZone), zonedDate(latest, settings.timeZone))
    .flatMap((date) => cellsOf(date, settings.timeZone, settings.callMinutes))
    .filter((cell) => cell.start >= earliest && cell.start < latest);
}

/** Whether the member works the whole call: its start and its end read within one of the day's ranges. */
function withinHours(member: OfficeHours, cell: Cell): boolean {
  if (member.daysOff.includes(cell.date) || cell.endDate !== cell.date) return false;
  return member.weekly[weekdayOf(cell.date)].some((range) => cell.time >= range.start && cell.endTime <= range.end);
}

/** Whether a call of the member starting then, with its buffer, overlaps none of theirs with its buffer. */
function clearOfCalls(memberId: string, start: number, { calls, settings }: SlotInput): boolean {
  const bufferMs = settings.bufferMinutes * MINUTE_MS;
  const end = start + settings.callMinutes * MINUTE_MS + bufferMs;
  return calls.every(
    (call) => call.memberId !== memberId || !(start < Date.parse(call.end) + bufferMs && Date.parse(call.start) < end),
  );
}

/** Each member's free starts, as instants. */
function freeStarts(input: SlotInput): Map<string, number[]> {
  const cells = grid(input);
  return new Map(
    input.hours.map((member) => [
      member.memberId,
      cells
        .filter((cell) => withinHours(member, cell) && clearOfCalls(member.memberId, cell.start, input))
        .map((cell) => cell.start),
    ]),
  );
}

/** Every slot at least one office member is free for, earliest first, each start once. */
export function freeSlots(input: SlotInput): Slot[] {
  const starts = new Set([...freeStarts(input).values()].flat());
  const callMs = input.settings.callMinutes * MINUTE_MS;
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start: new Date(start).toISOString(), end: new Date(start + callMs).toISOString() }));
}

/** The office members free for a call starting at `start` (ISO): none when it is not a slot `freeSlots` offers. */
export function membersFreeAt(start: string, input: SlotInput): string[] {
  const instant = Date.parse(start);
  return [...freeStarts(input)].filter(([, starts]) => starts.includes(instant)).map(([memberId]) => memberId);
}
