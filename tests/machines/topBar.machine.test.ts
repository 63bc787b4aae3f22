import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { topBarMachine } from '#machines/topBar.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: topBarMachine,
  events: [
    { type: 'page.scrolled', y: 79 },
    { type: 'page.scrolled', y: 80 },
  ],
});

it('turns solid at exactly 80 px and back below it', () => {
  const actor = createActor(topBarMachine).start();
  actor.send({ type: 'page.scrolled', y: 79 });
  expect(actor.getSnapshot().value).toBe('transparent');
  actor.send({ type: 'page.scrolled', y: 80 });
  expect(actor.getSnapshot().value).toBe('solid');
  actor.send({ type: 'page.scrolled', y: 0 });
  expect(actor.getSnapshot().value).toBe('transparent');
});
