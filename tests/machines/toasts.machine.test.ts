import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastsMachine } from '../../machines/toasts.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: toastsMachine,
  events: [
    { type: 'toast.add', toast: { title: 'Saved', variant: 'success' } },
    { type: 'toast.update', id: 'toast-1', changes: { title: 'Saved again' } },
    // No new title: a toast closed meanwhile is not shown again (the guard 'hasTitle' is false).
    { type: 'toast.update', id: 'toast-1', changes: { variant: 'error' } },
    { type: 'toast.remove', id: 'toast-1' },
  ],
  // The id counter grows with every toast: two toasts show every shape the machine has.
  stopWhen: (snapshot) => snapshot.context.nextId > 2,
});

describe('toasts: the spec numbers', () => {
  afterEach(() => vi.useRealTimers());

  it('adds top-right by default and closes after 5000 ms', () => {
    vi.useFakeTimers();
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { title: 'Hello' } });
    expect(actor.getSnapshot().context.toasts).toEqual([
      { id: 'toast-1', title: 'Hello', variant: 'info', position: 'top-right' },
    ]);
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toHaveLength(0);
  });

  it('an update restarts the 5000 ms; a removed toast leaves no timer behind', () => {
    vi.useFakeTimers();
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { title: 'One', position: 'top-left', variant: 'warning' } });
    actor.send({ type: 'toast.add', toast: { title: 'Two' } });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'toast.update', id: 'toast-1', changes: { title: 'One, updated' } });
    actor.send({ type: 'toast.remove', id: 'toast-2' });
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().context.toasts).toEqual([
      { id: 'toast-1', title: 'One, updated', variant: 'warning', position: 'top-left' },
    ]);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
