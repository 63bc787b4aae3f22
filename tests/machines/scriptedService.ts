/**
 * A machine's service (a `fromPromise` actor) that answers from a script given in advance, for unit tests that
 * drive a machine through its real states: each call records its input and takes the next answer (an Error is
 * thrown); with no answer left the call stays pending, as a request the server has not answered yet.
 */
import { fromPromise } from 'xstate';

/** One scripted answer: the output, or the error the call fails with. */
export type Answer<T> = T | Error;

export function scriptedService<I, O>(calls: I[], answers: Answer<O>[] = []) {
  return fromPromise<O, I>(async ({ input }) => {
    calls.push(input);
    // By length, not by the value shifted: a service of nothing (void) answers undefined.
    if (answers.length === 0) return new Promise<O>(() => {});
    const answer = answers.shift()!;
    if (answer instanceof Error) throw answer;
    return answer as O;
  });
}
