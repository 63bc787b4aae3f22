/**
 * The statechart toolkit: everything the model-based suites, the coverage report and the diagram script
 * share, knowing no test runner and nothing of the project (it imports only xstate and Node built-ins).
 * docs/decisions/0007-model-based-tests.md describes the method.
 *
 * - transitions.ts: the graph walker (every state node, every defined transition, named and keyed);
 * - engine.ts: paths generated with xstate/graph, and their replay on a live actor;
 * - cover.ts: the fewest generated paths that still take every transition;
 * - report.ts: the coverage of every machine and its text and HTML report;
 * - mermaid.ts: a machine's Mermaid state diagram.
 */
export * from './cover';
export * from './engine';
export * from './mermaid';
export * from './report';
export * from './transitions';
