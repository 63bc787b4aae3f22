import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastsMachine } from '#machines/toasts.machine';
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

describe('toasts: the numbers docs/product.md sets', () => {
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

describe('toasts: named toasts, updates and removals', () => {
  afterEach(() => vi.useRealTimers());

  it('a named toast shown again replaces the one on screen and counts its 5000 ms afresh', () => {
    vi.useFakeTimers();
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { id: 'saving', title: 'Saving…' } });
    actor.send({ type: 'toast.add', toast: { title: 'Other' } });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'toast.add', toast: { id: 'saving', title: 'Saved', variant: 'success' } });
    // The replacement goes to the end; the numbered toast keeps the number it was given.
    expect(actor.getSnapshot().context).toEqual({
      toasts: [
        { id: 'toast-2', title: 'Other', variant: 'info', position: 'top-right' },
        { id: 'saving', title: 'Saved', variant: 'success', position: 'top-right' },
      ],
      nextId: 4,
    });
    vi.advanceTimersByTime(2000);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['saving']);
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['saving']);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('an update changes only its own toast, in place, and only what it names', () => {
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { title: 'One', position: 'top-left' } });
    actor.send({ type: 'toast.add', toast: { title: 'Two', variant: 'warning' } });
    actor.send({ type: 'toast.update', id: 'toast-1', changes: { variant: 'error' } });
    expect(actor.getSnapshot().context.toasts).toEqual([
      { id: 'toast-1', title: 'One', variant: 'error', position: 'top-left' },
      { id: 'toast-2', title: 'Two', variant: 'warning', position: 'top-right' },
    ]);
  });

  it('an update with a new title shows a closed toast again, with all its changes, for 5000 ms', () => {
    vi.useFakeTimers();
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { id: 'upload', title: 'Uploading' } });
    actor.send({ type: 'toast.remove', id: 'upload' });
    // Without a new title there is nothing to show.
    actor.send({ type: 'toast.update', id: 'upload', changes: { variant: 'error' } });
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    // Another toast on screen does not stand in for the closed one.
    actor.send({ type: 'toast.add', toast: { id: 'other', title: 'Other' } });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'toast.update', id: 'upload', changes: { title: 'Upload failed', variant: 'error' } });
    const upload = { id: 'upload', title: 'Upload failed', variant: 'error', position: 'top-right' };
    expect(actor.getSnapshot().context.toasts).toEqual([
      { id: 'other', title: 'Other', variant: 'info', position: 'top-right' },
      upload,
    ]);
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().context.toasts).toEqual([upload]);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().context.toasts).toEqual([upload]);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('removes only the toast it names and cancels only its timer', () => {
    vi.useFakeTimers();
    const actor = createActor(toastsMachine).start();
    actor.send({ type: 'toast.add', toast: { title: 'One' } });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'toast.add', toast: { title: 'Two' } });
    actor.send({ type: 'toast.remove', id: 'toast-3' });
    actor.send({ type: 'toast.remove', id: 'toast-1' });
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['toast-2']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['toast-2']);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });
});
