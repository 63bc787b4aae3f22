/**
 * Before each server test file under StrykerJS: close what an earlier file of this worker left open. StrykerJS
 * runs a mutant's covering tests by name, so most files run none of theirs. Such a file still runs its top level,
 * which builds its test server with a data folder, a static folder and a database, but vitest skips its
 * `afterAll`, where `cleanup` runs. The files of a worker share one module graph (`isolate: false`), so the next
 * file's set-up finds the list and empties it: 469 pairs of folders were left in the first six minutes of a run
 * without this (docs/testing.md#mutation-testing).
 */
import { cleanup } from './helpers';

await cleanup();
