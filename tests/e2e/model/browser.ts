/**
 * The browser-level model-based suite: the same generated paths, driven in Chromium against the real
 * server. Each machine gets maps typed over ALL its leaf states, events, invoked actors and delays, so a
 * new state or event without a mapping fails to compile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, test } from '@playwright/test';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateMachine,
  type StateValueFrom,
} from 'xstate';
import {
  AFTER,
  allStateNodes,
  coveringPaths,
  DONE_ACTOR,
  ERROR_ACTOR,
  leafStates,
  type PathTestOptions,
  playwrightCommand,
  screenCover,
  SNAPSHOT_ACTOR,
} from '#toolkit';

/** The spec that imports every browser model: the command that reruns one path names it. */
const MODEL_SPEC = 'tests/e2e/model.spec.ts';

/** An event as a person reads it: its type and, when it has any, its payload (shortened). */
function eventText(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return type;
  const json = JSON.stringify(payload, (_key, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value,
  );
  return `${type} ${json.length > 160 ? `${json.slice(0, 157)}...` : json}`;
}

/** 'a' | 'b.c' | 'b.d' for { a } | { b: 'c' | 'd' }: the leaf states of a state value type. */
type Leaves<T> = T extends string
  ? T
  : T extends object
    ? { [K in keyof T & string]: T[K] extends Record<string, never> ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string]
    : never;

type Parts<M> =
  M extends StateMachine<
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    infer TActor,
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    infer TDelay,
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any, // eslint-disable-line @typescript-eslint/no-explicit-any
    any // eslint-disable-line @typescript-eslint/no-explicit-any
  >
    ? { actor: TActor extends { src: infer S } ? S & string : never; delay: TDelay & string }
    : never;

/** Drops 'a' when 'a.b' is there too: a compound state is asserted through its children. */
type Prune<All extends string, L extends string = All> = L extends unknown
  ? [Extract<All, `${L}.${string}`>] extends [never]
    ? L
    : never
  : never;

type LeafState<M extends AnyStateMachine> = Prune<Leaves<StateValueFrom<M>>>;
type ActorSrc<M extends AnyStateMachine> = Parts<M>['actor'];
type DelayName<M extends AnyStateMachine> = Parts<M>['delay'];
/** The events a person causes: XState's own (a child's result, a timer) have maps of their own. */
type MachineEvent<M extends AnyStateMachine> = Exclude<EventFromLogic<M>, { type: `xstate.${string}` }>;

interface Outcome<Ctx> {
  /** Makes the actor succeed for real (usually: let the held request through to the real server). */
  done: (page: Page, ctx: Ctx, event: EventObject) => Promise<void>;
  /** Makes it fail: by a real condition where one exists, else at the network edge. */
  error: (page: Page, ctx: Ctx, event: EventObject) => Promise<void>;
}

export interface BrowserModel<M extends AnyStateMachine, Ctx> {
  machine: M;
  /** How paths are generated: the same options as the machine-level suite. */
  model: Omit<PathTestOptions<M>, 'machine' | 'check'>;
  /** Opens the screen (Playwright's clock is installed first) and returns what the maps share. */
  start: (page: Page, input: unknown) => Promise<Ctx>;
  /**
   * What the page shows in each leaf state. `again` is true when a phone path checks the state a second time, with
   * the window widened, nothing else having happened since the first check: a check that acts (a download) or that
   * holds only on arrival (where the focus went, when the first check's action moved it) is done the first time.
   */
  states: {
    [S in LeafState<M>]: (page: Page, ctx: Ctx, snapshot: SnapshotFrom<M>, again: boolean) => Promise<void>;
  };
  /** What a person does for each event. */
  events: {
    [T in MachineEvent<M>['type']]: (
      page: Page,
      ctx: Ctx,
      event: Extract<MachineEvent<M>, { type: T }>,
    ) => Promise<void>;
  };
  /** How each invoked actor's success and failure come about. */
  outcomes: { [A in ActorSrc<M>]: Outcome<Ctx> };
  /**
   * For a child whose snapshots the machine follows (`onSnapshot`): what makes it pass on the path's
   * sample snapshot (`event.snapshot`), by the child's src.
   */
  snapshots?: {
    [A in ActorSrc<M>]?: (page: Page, ctx: Ctx, event: EventObject & { snapshot: unknown }) => Promise<void>;
  };
  /** How each delay passes (Playwright's clock). */
  delays: { [D in DelayName<M>]: (page: Page, ctx: Ctx) => Promise<void> };
  /** The browser's time zone (Playwright's `timezoneId`) for a path's input; the config's when it answers none. */
  timezoneOf?: (input: InputFrom<M>) => string | undefined;
}

/**
 * Every path runs once. The fewest of them that still show every state and take every event a person causes
 * (screenCover) run on a phone held upright, titled and reported with its width, and check each state at the
 * desktop width as well (the window widened, then narrowed again); the others run at the desktop width. A state
 * that breaks on a phone fails a generated test, and every state is checked at the desktop width
 * (docs/decisions/0045-phone-paths-checked-at-both-widths.md).
 */
const PHONE = { width: 375, height: 800 } as const;
/** Playwright's own viewport, which the config keeps for every test that names none. */
const DESKTOP = { width: 1280, height: 720 } as const;

/** Registers a test as it is, or with the browser options its variant needs (an anonymous group adds no title). */
function registerTest(title: string, use: Record<string, unknown>, body: (page: Page) => Promise<void>) {
  const declare = () => test(title, ({ page }) => body(page));
  if (Object.keys(use).length === 0) declare();
  else
    test.describe(() => {
      test.use(use);
      declare();
    });
}

/**
 * The src of the actor an invoke id belongs to, found in the machine's definition; a spawned actor has no
 * invoke, and is expected to carry the name of its src as its id.
 */
function srcOfInvoke(machine: AnyStateMachine, id: string): string {
  const invoke = allStateNodes(machine.root)
    .flatMap((node) => node.invoke)
    .find((candidate) => candidate.id === id);
  if (invoke) return String(invoke.src);
  if (id in machine.implementations.actors) return id;
  throw new Error(`no invoke '${id}' in ${machine.id}`);
}

/** Registers one Playwright test per covering path of the machine, and records what each one covered. */
export function describeBrowserModel<M extends AnyStateMachine, Ctx>(spec: BrowserModel<M, Ctx>): void {
  const { machine } = spec;
  const options = { ...spec.model, machine } as unknown as PathTestOptions<AnyStateMachine>;
  const paths = coveringPaths(options);
  const onPhone = new Set(screenCover(machine, paths));
  const states = spec.states as Record<
    string,
    (page: Page, ctx: Ctx, snapshot: AnyMachineSnapshot, again: boolean) => Promise<void>
  >;
  const events = spec.events as Record<string, (page: Page, ctx: Ctx, event: EventObject) => Promise<void>>;
  const outcomes = spec.outcomes as Record<string, Outcome<Ctx>>;
  const delays = spec.delays as Record<string, (page: Page, ctx: Ctx) => Promise<void>>;
  const snapshots = (spec.snapshots ?? {}) as Record<
    string,
    (page: Page, ctx: Ctx, event: EventObject) => Promise<void>
  >;

  const describeTitle = `model: ${machine.id}`;
  test.describe(describeTitle, () => {
    for (const [index, covering] of paths.entries()) {
      const { path, transitions } = covering;
      const width = onPhone.has(covering) ? PHONE.width : undefined;
      const timezoneId = spec.timezoneOf?.(path.input as InputFrom<M>);
      const use = {
        ...(width === undefined ? {} : { viewport: PHONE }),
        ...(timezoneId === undefined ? {} : { timezoneId }),
      };
      registerPath(index, path, transitions, width, use);
    }
  });

  function registerPath(
    index: number,
    path: (typeof paths)[number]['path'],
    transitions: (typeof paths)[number]['transitions'],
    width: number | undefined,
    use: Record<string, unknown>,
  ) {
    const at = width === undefined ? '' : ` at ${width} px`;
    const title = `#${index + 1}${at} ${['start', ...path.steps.map((s) => s.event.type.replace(/^xstate\./, ''))].join(' → ')}`;
    const command = playwrightCommand(MODEL_SPEC, describeTitle, title);
    const steps = path.steps.map((step) => ({ event: eventText(step.event), state: step.state.value as unknown }));
    const run = async (page: Page) => {
      const desktop = test.info().project.use.viewport ?? DESKTOP;
      // A long path on a loaded machine needs longer than a short one.
      test.setTimeout(30_000 + path.steps.length * 5_000);
      await page.clock.install();
      const ctx = await spec.start(page, path.input);
      const expectLeaves = async (snapshot: AnyMachineSnapshot, where: string, again = false) => {
        for (const leaf of leafStates(snapshot.value)) {
          await test.step(`${where}: state ${leaf}`, () => states[leaf]!(page, ctx, snapshot, again));
        }
      };
      // On a phone path, each state is checked on the phone, then in a window as wide as the desktop paths'.
      const expectState = async (snapshot: AnyMachineSnapshot, where: string) => {
        await expectLeaves(snapshot, where);
        if (width === undefined) return;
        await page.setViewportSize(desktop);
        await expectLeaves(snapshot, `${where} at ${desktop.width} px`, true);
        await page.setViewportSize(PHONE);
      };
      // The state before any step is the machine's initial state, as the first step's source.
      // An actor that is never started only computes its initial snapshot.
      await expectState(createActor(machine as AnyStateMachine, { input: path.input }).getSnapshot(), 'start');
      for (const [i, step] of path.steps.entries()) {
        const { event } = step;
        const where = `step ${i + 1} ${event.type}`;
        await test.step(where, async () => {
          if (event.type.startsWith(DONE_ACTOR) || event.type.startsWith(ERROR_ACTOR)) {
            const done = event.type.startsWith(DONE_ACTOR);
            const src = srcOfInvoke(machine, event.type.slice((done ? DONE_ACTOR : ERROR_ACTOR).length));
            await outcomes[src]![done ? 'done' : 'error'](page, ctx, event);
          } else if (event.type.startsWith(SNAPSHOT_ACTOR)) {
            const src = srcOfInvoke(machine, event.type.slice(SNAPSHOT_ACTOR.length));
            const pass = snapshots[src];
            if (!pass) throw new Error(`no snapshot map for '${src}' in ${machine.id}`);
            await pass(page, ctx, event);
          } else if (event.type.startsWith(AFTER)) {
            const delay = event.type.slice(AFTER.length).split('.')[0]!;
            await delays[delay]!(page, ctx);
          } else {
            await events[event.type]!(page, ctx, event);
          }
        });
        await expectState(step.state, where);
      }
      const folder = join(process.cwd(), 'reports', 'model', 'browser', machine.id);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `path-${index + 1}${width === undefined ? '' : `-${width}px`}.json`),
        JSON.stringify({ title, command, steps, transitions }, null, 2),
      );
    };
    registerTest(title, use, async (page) => {
      try {
        await run(page);
      } catch (error) {
        // The path's events and the one command that replays just this path, below the failure itself.
        const hint = [
          '',
          'Events of this path:',
          `start${path.input === undefined ? '' : ` with input ${JSON.stringify(path.input)}`}`,
          ...steps.map((step, i) => `${i + 1}. ${step.event} ⇒ ${JSON.stringify(step.state)}`),
          '',
          'Run just this path in Chromium (after npm run build):',
          `  ${command}`,
        ].join('\n');
        if (error instanceof Error) {
          error.message = `${error.message}\n${hint}`;
          throw error;
        }
        throw new Error(`${String(error)}\n${hint}`);
      }
    });
  }
}
