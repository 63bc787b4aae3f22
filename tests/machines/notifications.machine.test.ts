import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type Notification, notificationsMachine } from '#machines/notifications.machine';
import { notificationsSamples, welcome } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({ machine: notificationsMachine, ...notificationsSamples });

const read: Notification = {
  id: 'n2',
  text: 'Your order was paid.',
  createdAt: '2026-11-22T09:00:00.000Z',
  seen: true,
};

/** The machine with its server calls stubbed: `list` answers the reads (an Error fails one), `seen` the marking. */
function bell(list: Array<Notification[] | Error>, seen: Error | null = null) {
  const reads: number[] = [];
  const marks: string[][] = [];
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(async () => {
          reads.push(reads.length);
          const answer = list.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        markSeen: fromPromise<void, { ids: string[] }>(async ({ input }) => {
          marks.push(input.ids);
          if (seen) throw seen;
        }),
      },
    }),
  );
  return { actor, reads, marks };
}

describe('the bell', () => {
  it('starts empty and reading the list, which it keeps once read', async () => {
    const { actor, reads } = bell([[welcome, read]]);
    expect(actor.getSnapshot().context).toEqual({ notifications: [] });
    actor.start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().children.loadNotifications).toBeDefined();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    expect(actor.getSnapshot().context.notifications).toEqual([welcome, read]);
    expect(reads).toHaveLength(1);
  });

  it('without a server it reads an empty list', async () => {
    const actor = createActor(notificationsMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    expect(actor.getSnapshot().context.notifications).toEqual([]);
  });

  it('opening reads the list again, then marks seen what it shows, by id, on the server and in the list', async () => {
    const fresh: Notification = {
      id: 'n3',
      text: 'Your call is booked.',
      createdAt: '2026-11-23T09:00:00.000Z',
      seen: false,
    };
    const { actor, reads, marks } = bell([
      [welcome, read],
      [fresh, welcome, read],
    ]);
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    actor.send({ type: 'notifications.toggle' });
    expect(actor.getSnapshot().value).toEqual({ open: 'reading' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    // Until the new read answers, the list read before shows.
    expect(actor.getSnapshot().context.notifications).toEqual([welcome, read]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ open: 'seen' }));
    expect(reads).toHaveLength(2);
    // The one written while the page was open is listed, and marked with the others it showed unseen.
    expect(marks).toEqual([['n3', 'n1']]);
    expect(actor.getSnapshot().context.notifications).toEqual([
      { ...fresh, seen: true },
      { ...welcome, seen: true },
      read,
    ]);
  });

  it('a failed new read shows, and marks, the list read before', async () => {
    const { actor, marks } = bell([[welcome, read], new Error('Network Error')]);
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    actor.send({ type: 'notifications.toggle' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ open: 'seen' }));
    expect(marks).toEqual([['n1']]);
    expect(actor.getSnapshot().context.notifications).toEqual([{ ...welcome, seen: true }, read]);
  });

  it('a failed marking leaves the list unseen; a failed read keeps the bell empty', async () => {
    const { actor } = bell([new Error('Network Error')], new Error('Network Error'));
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    expect(actor.getSnapshot().context.notifications).toEqual([]);

    const second = bell([[welcome], [welcome]], new Error('Network Error'));
    second.actor.start();
    await vi.waitFor(() => expect(second.actor.getSnapshot().value).toBe('closed'));
    second.actor.send({ type: 'notifications.toggle' });
    await vi.waitFor(() => expect(second.actor.getSnapshot().value).toEqual({ open: 'seen' }));
    expect(second.actor.getSnapshot().context.notifications).toEqual([welcome]);
  });

  it('closing and refreshing: the list is read again and replaces the old one', async () => {
    const { actor, reads } = bell([[welcome], [welcome], [read]]);
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    actor.send({ type: 'notifications.toggle' });
    actor.send({ type: 'notifications.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'notifications.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('closed'));
    expect(reads).toHaveLength(3);
    expect(actor.getSnapshot().context.notifications).toEqual([read]);
  });
});
