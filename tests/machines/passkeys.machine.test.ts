import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PASSKEY_NAME_MAX, type Passkey } from '#domain/passkeyContract';
import { PASSKEY_TEXTS, passkeyName, passkeysMachine } from '#machines/passkeys.machine';
import { describePathTests } from './pathTest';
import { LAPTOP, PHONE, passkeysSamples, REGISTRATION_OPTIONS, REGISTRATION_RESPONSE, RENAMED } from './passkeySamples';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: passkeysMachine,
  ...passkeysSamples,
  check: (snapshot) => {
    const { selected, options, response, supported } = snapshot.context;
    // Only a listed passkey is renamed or asked about, and only while that goes on.
    const aboutOne =
      snapshot.matches('renaming') || snapshot.matches('confirmingRemove') || snapshot.matches('removing');
    if (aboutOne) expect(snapshot.context.passkeys.some((key) => key.id === selected)).toBe(true);
    else expect(selected).toBeNull();
    // Without WebAuthn nothing is ever added.
    if (!supported) expect(snapshot.matches('naming') || snapshot.matches('adding')).toBe(false);
    // The options and the browser's answer live only while a passkey is being added.
    if (!snapshot.matches('adding')) {
      expect(options).toBeNull();
      expect(response).toBeNull();
    }
  },
});

function block(
  answers: {
    list?: Answer<Passkey[]>[];
    create?: Answer<typeof REGISTRATION_RESPONSE>[];
    register?: Answer<Passkey>[];
    rename?: Answer<Passkey>[];
    remove?: Answer<void>[];
  },
  supported = true,
) {
  const calls = {
    list: [] as unknown[],
    options: [] as unknown[],
    create: [] as (typeof REGISTRATION_OPTIONS)[],
    register: [] as { name: string; response: typeof REGISTRATION_RESPONSE }[],
    rename: [] as { id: string; name: string }[],
    remove: [] as { id: string }[],
  };
  const errors: string[] = [];
  const announced: string[] = [];
  const actor = createActor(
    passkeysMachine.provide({
      actors: {
        listPasskeys: scriptedService(calls.list, answers.list ?? [[LAPTOP]]),
        registrationOptions: scriptedService(calls.options, [REGISTRATION_OPTIONS, REGISTRATION_OPTIONS]),
        createPasskey: scriptedService(calls.create, answers.create ?? []),
        registerPasskey: scriptedService(calls.register, answers.register ?? []),
        renamePasskey: scriptedService(calls.rename, answers.rename ?? []),
        removePasskey: scriptedService(calls.remove, answers.remove ?? []),
      },
      actions: {
        showError: (_, { message }) => void errors.push(message),
        announce: (_, { message }) => void announced.push(message),
      },
    }),
    { input: { supported, suggestedName: PHONE.name } },
  ).start();
  return {
    actor,
    calls,
    errors,
    announced,
    context: () => actor.getSnapshot().context,
    settled: (state: string) => vi.waitFor(() => expect(actor.getSnapshot().value).toEqual(state)),
  };
}

describe('the passkeys block', () => {
  it('takes a trimmed name of 1 to 60 characters', () => {
    expect(passkeyName('  Laptop ')).toBe('Laptop');
    expect(passkeyName('   ')).toBeNull();
    expect(passkeyName('x'.repeat(PASSKEY_NAME_MAX))).toHaveLength(PASSKEY_NAME_MAX);
    expect(passkeyName('x'.repeat(PASSKEY_NAME_MAX + 1))).toBeNull();
  });

  it('suggests a name, asks the browser with the options, and lists the passkey the server keeps', async () => {
    const run = block({ create: [REGISTRATION_RESPONSE], register: [{ ...PHONE, name: 'My phone' }] });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    expect(run.context().name).toBe(PHONE.name);
    run.actor.send({ type: 'passkeys.changeName', value: '  My phone ' });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('ready');
    expect(run.calls.create).toEqual([REGISTRATION_OPTIONS]);
    expect(run.calls.register).toEqual([{ name: 'My phone', response: REGISTRATION_RESPONSE }]);
    expect(run.context().passkeys).toEqual([LAPTOP, { ...PHONE, name: 'My phone' }]);
    expect(run.announced).toEqual(['Passkey “My phone” added.']);
    expect(run.context().name).toBe('');
  });

  it('keeps the name typed when the browser cancels, and says so', async () => {
    const run = block({ create: [new Error(PASSKEY_TEXTS.cancelled)] });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    run.actor.send({ type: 'passkeys.changeName', value: 'Desk key' });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('naming');
    expect(run.context()).toMatchObject({ name: 'Desk key', error: PASSKEY_TEXTS.cancelled, options: null });
    expect(run.calls.register).toEqual([]);
    // Typing again clears the reason; a blank name is not sent.
    run.actor.send({ type: 'passkeys.changeName', value: '  ' });
    expect(run.context().error).toBeNull();
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toBe('naming');
  });

  it('offers no adding without WebAuthn, but renames and removes', async () => {
    const run = block({ rename: [{ ...LAPTOP, name: RENAMED }] }, false);
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'passkeys.rename', id: LAPTOP.id });
    expect(run.context().name).toBe(LAPTOP.name);
    run.actor.send({ type: 'passkeys.changeName', value: ` ${RENAMED} ` });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('ready');
    expect(run.calls.rename).toEqual([{ id: LAPTOP.id, name: RENAMED }]);
    expect(run.context().passkeys).toEqual([{ ...LAPTOP, name: RENAMED }]);
    expect(run.announced).toEqual([`Passkey renamed “${RENAMED}”.`]);
  });

  it('asks before removing, names the passkey removed, and keeps the list when it fails', async () => {
    const run = block({ remove: [new Error('Network Error'), undefined] });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.remove', id: 'not-listed' });
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    expect(run.actor.getSnapshot().value).toBe('confirmingRemove');
    expect(run.calls.remove).toEqual([]);
    run.actor.send({ type: 'passkeys.cancel' });
    expect(run.context().selected).toBeNull();
    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    run.actor.send({ type: 'passkeys.confirm' });
    await run.settled('ready');
    expect(run.errors).toEqual(['Network Error']);
    expect(run.context().passkeys).toEqual([LAPTOP]);
    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    run.actor.send({ type: 'passkeys.confirm' });
    await run.settled('ready');
    expect(run.context().passkeys).toEqual([]);
    expect(run.announced).toEqual(['Passkey “Laptop” removed.']);
  });

  it('says why the list failed and loads it again when asked', async () => {
    const run = block({ list: [new Error('The server is down.'), [LAPTOP]] });
    await run.settled('unavailable');
    expect(run.errors).toEqual(['The server is down.']);
    run.actor.send({ type: 'passkeys.reload' });
    await run.settled('ready');
    expect(run.context().passkeys).toEqual([LAPTOP]);
  });
});

it('fails with the name of a service the page did not provide', async () => {
  const errors: string[] = [];
  const bare = createActor(
    passkeysMachine.provide({ actions: { showError: (_, { message }) => void errors.push(message) } }),
    { input: { supported: true, suggestedName: 'x' } },
  ).start();
  await vi.waitFor(() => expect(bare.getSnapshot().value).toBe('unavailable'));
  expect(errors).toEqual(['listPasskeys is not provided']);
  const listed = createActor(passkeysMachine.provide({ actors: { listPasskeys: fromPromise(async () => [LAPTOP]) } }), {
    input: { supported: true, suggestedName: 'x' },
  }).start();
  await vi.waitFor(() => expect(listed.getSnapshot().value).toBe('ready'));
  listed.send({ type: 'passkeys.add' });
  listed.send({ type: 'passkeys.submit' });
  await vi.waitFor(() => expect(listed.getSnapshot().context.error).toBe('registrationOptions is not provided'));
  const prompted = createActor(
    passkeysMachine.provide({
      actors: {
        listPasskeys: fromPromise(async () => [LAPTOP]),
        registrationOptions: fromPromise(async () => REGISTRATION_OPTIONS),
      },
    }),
    { input: { supported: true, suggestedName: 'x' } },
  ).start();
  await vi.waitFor(() => expect(prompted.getSnapshot().value).toBe('ready'));
  prompted.send({ type: 'passkeys.add' });
  prompted.send({ type: 'passkeys.submit' });
  await vi.waitFor(() => expect(prompted.getSnapshot().context.error).toBe(PASSKEY_TEXTS.unsupported));
});
