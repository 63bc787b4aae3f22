/**
 * The statechart toolkit: everything the model-based suites, the coverage report and the diagram script
 * share, knowing no test runner and nothing of the project (it imports only xstate and Node built-ins).
 * docs/decisions/0007-model-based-tests.md describes the method.
 *
 * - transitions.ts: the graph walker (every state node, every defined transition, named and keyed);
 * - engine.ts: the traversal (xstate/graph, each edge's microsteps) and the paths;
 * - replay.ts: a path replayed on a live actor, step by step against the model;
 * - pairs.ts: transition pairs (1-switch coverage): feasible, proven infeasible, paths that take them;
 * - sneak.ts: sneak paths: unhandled events sent in every reachable state must change nothing;
 * - guards.ts: every named guard and the outcomes seen on a live actor;
 * - cover.ts: the fewest generated paths that still take every transition;
 * - screens.ts: of those, the fewest that still show every state and take every event (the phone's share);
 * - commands.ts: the command that reruns one generated test;
 * - coverage.ts: the coverage of every machine, counted (pure);
 * - report.ts, report-html.ts: that coverage as a text report and as HTML pages;
 * - mermaid.ts: a machine's Mermaid state diagram.
 */
export * from './commands';
export * from './coverage';
export * from './cover';
export * from './engine';
export * from './guards';
export * from './mermaid';
export * from './pairs';
export * from './report';
export * from './replay';
export * from './report-html';
export * from './screens';
export * from './sneak';
export * from './transitions';
