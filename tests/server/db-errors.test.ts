/**
 * Which database errors are expected outcomes (server/db/errors.ts), code by code, as better-sqlite3 and pg raise
 * them: a race on a unique key, text PostgreSQL cannot store, a database that cannot serve right now (503, not
 * 500), and two overlapping calls of one office member.
 */
import { describe, expect, it } from 'vitest';
import {
  CALLS_OVERLAP,
  PG_UNIQUE_VIOLATION,
  isCallOverlap,
  isConstraintRace,
  isDatabaseUnavailable,
  isUnstorableText,
} from '#server/db/errors';

const coded = (code: unknown, message = 'failed') => Object.assign(new Error(message), { code });
const NOT_ERRORS = [undefined, null, 'SQLITE_BUSY', 23505, {}];

describe('a race on a unique key', () => {
  it('is a UNIQUE or PRIMARY KEY violation on either database, and nothing else', () => {
    expect(PG_UNIQUE_VIOLATION).toBe('23505');
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'])
      expect(isConstraintRace(coded(code)), code).toBe(true);
    for (const code of ['SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT', '23503', '23514', 23505, undefined])
      expect(isConstraintRace(coded(code)), String(code)).toBe(false);
    for (const error of NOT_ERRORS) expect(isConstraintRace(error)).toBe(false);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is a NUL character (22021) or bytes the encoding cannot hold (22P05)', () => {
    expect(isUnstorableText(coded('22021'))).toBe(true);
    expect(isUnstorableText(coded('22P05'))).toBe(true);
    for (const code of ['22001', '22P02', 'SQLITE_MISMATCH', undefined])
      expect(isUnstorableText(coded(code)), String(code)).toBe(false);
    for (const error of NOT_ERRORS) expect(isUnstorableText(error)).toBe(false);
  });
});

describe('a database that cannot serve right now', () => {
  it('is a network failure, a server shutting down, starting or full, a lost connection, or a busy SQLite', () => {
    const unavailable = [
      ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'],
      ...['57P01', '57P02', '57P03', '53300'],
      ...['08000', '08003', '08006', '08P01'],
      ...['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT'],
    ];
    for (const code of unavailable) expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
  });

  it('is not a fault of the request or of our code, nor a code that only looks like one', () => {
    const others = [
      ...['23505', '42P01', '57014', '53200', 'ENOENT', 'EACCES'],
      ...['080', '0800', '080000', '108000', '08abc', 'x08000'],
      ...['SQLITE_BUSYNESS', 'NOT_SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CONSTRAINT_UNIQUE', ''],
    ];
    for (const code of others) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    for (const error of NOT_ERRORS) expect(isDatabaseUnavailable(error)).toBe(false);
    // A code that is not a string is no code: the message decides.
    expect(isDatabaseUnavailable(coded(8000, 'syntax error'))).toBe(false);
  });

  it('without a code, is pg losing the connection or finding none in time; no other message', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    for (const message of ['syntax error at or near "x"', 'The Connection terminated', ''])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(false);
    // Only an Error's own message counts.
    expect(isDatabaseUnavailable({ message: 'Connection terminated unexpectedly' })).toBe(false);
  });
});

describe('two overlapping calls of one office member', () => {
  it("are PostgreSQL's exclusion violation, or SQLite's trigger naming the rule", () => {
    expect(isCallOverlap(coded('23P01'))).toBe(true);
    expect(isCallOverlap(coded('SQLITE_CONSTRAINT_TRIGGER', `${CALLS_OVERLAP}: the calls overlap`))).toBe(true);
    expect(isCallOverlap(coded('SQLITE_CONSTRAINT_TRIGGER', 'another rule'))).toBe(false);
    expect(isCallOverlap(coded('SQLITE_CONSTRAINT_UNIQUE', CALLS_OVERLAP))).toBe(false);
    expect(isCallOverlap({ code: 'SQLITE_CONSTRAINT_TRIGGER', message: 42 })).toBe(false);
    for (const error of NOT_ERRORS) expect(isCallOverlap(error)).toBe(false);
  });
});
