/**
 * What the contract tests (tests/unit/domain-contract*.test.ts) ask of a struct: which fields of a valid value it
 * cannot do without. A struct that forgot a field, or a whole nested shape, names fewer of them.
 */
import { type Struct, type StructError, is } from 'superstruct';

/** `value` without `key`. */
function without(value: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
}

/** The keys of `valid` (itself accepted) whose absence the struct refuses, in the value's order. */
export function requiredKeys<T, S>(struct: Struct<T, S>, valid: Record<string, unknown>): string[] {
  if (!is(valid, struct)) throw new Error(`the struct refuses the valid value ${JSON.stringify(valid)}`);
  return Object.keys(valid).filter((key) => !is(without(valid, key), struct));
}

/** The first failure of `value` against the struct: its path, type, refinement and message. */
export function firstFailure<T, S>(struct: Struct<T, S>, value: unknown) {
  const [error] = struct.validate(value);
  const failure = error?.failures()[0];
  return (
    failure && { path: failure.path, type: failure.type, refinement: failure.refinement, message: failure.message }
  );
}

/** The first failure of a refused value as the booking, office and passkey tests read it: path, refinement, message. */
// Any struct: a table of several structs mixes their types.
export function refusal(struct: { validate(value: unknown): [StructError | undefined, unknown] }, value: unknown) {
  const failure = struct.validate(value)[0]?.failures()[0];
  return failure && { path: failure.path.join('.'), refinement: failure.refinement, message: failure.message };
}
