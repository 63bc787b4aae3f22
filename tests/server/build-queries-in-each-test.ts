/**
 * Before each server test under StrykerJS: the prepared queries are built again (server/db/prepared.ts). A query
 * is built once per process and then reused, so StrykerJS saw its builder run in the first test that made it and
 * in no other: a mutant there ran that one test alone. When that test listed no invoices, a mutant that emptied
 * the invoice list's columns survived, though the tests that read those columns would have caught it.
 */
import { beforeEach } from 'vitest';
import { forgetCompiledQueries } from '#server/db/prepared';

beforeEach(forgetCompiledQueries);
