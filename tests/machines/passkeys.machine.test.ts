import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type StateValue } from 'xstate';
import type { OwnerProof } from '#machines/lib/ownerProof';
import { PASSKEY_NAME_MAX, type Passkey } from '#domain/passkeyContract';
import { PASSKEY_TEXTS, passkeyName, passkeysMachine } from '#machines/passkeys.machine';
import { describePathTests } from './pathTest';
import {
  CODE_SENT,
  LAPTOP,
  PASSWORD,
  PHONE,
  passkeysSamples,
  REGISTRATION_OPTIONS,
  REGISTRATION_RESPONSE,
  RENAMED,
} from './passkeySamples';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: passkeysMachine,
  ...passkeysSamples,
  check: (snapshot) => {
    const { selected, options, response, supported, values } = snapshot.context;
    // Only a listed passkey is renamed or asked about, and only while that goes on.
    const aboutOne =
      snapshot.matches('renaming') || snapshot.matches('confirmingRemove') || snapshot.matches('removing');
    if (aboutOne) expect(snapshot.context.passkeys.some((key) => key.id === selected)).toBe(true);
    else expect(selected).toBeNull();
    // Without WebAuthn nothing is ever added.
    if (!supported) expect(snapshot.matches('naming') || snapshot.matches('adding')).toBe(false);
    // The options live only while a passkey is being added (a cancelled prompt keeps them for the next), the
    // browser's answer only while the server checks it; once options are taken, no proof is kept.
    if (!snapshot.matches('adding') && !snapshot.matches('naming')) expect(options).toBeNull();
    if (!snapshot.matches({ adding: 'saving' })) expect(response).toBeNull();
    const proving =
      snapshot.matches({ adding: 'requesting' }) ||
      (snapshot.matches('naming') && options === null) ||
      snapshot.matches('confirmingRemove') ||
      snapshot.matches('removing');
    if (!proving) expect(values).toEqual({ password: '', emailCode: '' });
  },
});

function block(
  answers: {
    list?: Answer<Passkey[]>[];
    code?: Answer<string>[];
    options?: Answer<typeof REGISTRATION_OPTIONS>[];
    create?: Answer<typeof REGISTRATION_RESPONSE>[];
    register?: Answer<Passkey>[];
    rename?: Answer<Passkey>[];
    remove?: Answer<void>[];
  },
  supported = true,
  hasPassword = true,
) {
  const calls = {
    list: [] as unknown[],
    code: [] as unknown[],
    options: [] as OwnerProof[],
    create: [] as (typeof REGISTRATION_OPTIONS)[],
    register: [] as { name: string; response: typeof REGISTRATION_RESPONSE }[],
    rename: [] as { id: string; name: string }[],
    remove: [] as { id: string; proof: OwnerProof }[],
  };
  const errors: string[] = [];
  const announced: string[] = [];
  const actor = createActor(
    passkeysMachine.provide({
      actors: {
        listPasskeys: scriptedService(calls.list, answers.list ?? [[LAPTOP]]),
        requestCode: scriptedService(calls.code, answers.code ?? []),
        registrationOptions: scriptedService(calls.options, answers.options ?? [REGISTRATION_OPTIONS]),
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
    { input: { supported, suggestedName: PHONE.name, hasPassword } },
  ).start();
  return {
    actor,
    calls,
    errors,
    announced,
    context: () => actor.getSnapshot().context,
    settled: (state: StateValue) => vi.waitFor(() => expect(actor.getSnapshot().value).toEqual(state)),
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
    // Not without the proof.
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('ready');
    expect(run.calls.options).toEqual([{ currentPassword: PASSWORD }]);
    expect(run.calls.create).toEqual([REGISTRATION_OPTIONS]);
    expect(run.calls.register).toEqual([{ name: 'My phone', response: REGISTRATION_RESPONSE }]);
    expect(run.context().passkeys).toEqual([LAPTOP, { ...PHONE, name: 'My phone' }]);
    expect(run.announced).toEqual(['Passkey “My phone” added.']);
    expect(run.context().name).toBe('');
  });

  it('keeps the name typed when the browser cancels, says so, and tries again on the options taken', async () => {
    const run = block({ create: [new Error(PASSKEY_TEXTS.cancelled), REGISTRATION_RESPONSE], register: [PHONE] });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    run.actor.send({ type: 'passkeys.changeName', value: 'Desk key' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled({ naming: 'editing' });
    expect(run.context()).toMatchObject({ name: 'Desk key', error: PASSKEY_TEXTS.cancelled });
    // The password is not kept once the server took it; the options are, for the next prompt.
    expect(run.context().values.password).toBe('');
    expect(run.context().options).toEqual(REGISTRATION_OPTIONS);
    expect(run.calls.register).toEqual([]);
    // Typing again clears the reason; a blank name is not sent.
    run.actor.send({ type: 'passkeys.changeName', value: '  ' });
    expect(run.context().error).toBeNull();
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    run.actor.send({ type: 'passkeys.changeName', value: 'Desk key' });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('ready');
    expect(run.calls.options).toHaveLength(1);
    expect(run.calls.create).toEqual([REGISTRATION_OPTIONS, REGISTRATION_OPTIONS]);
    expect(run.context().options).toBeNull();
  });

  it('asks for the proof again after the server refused the passkey, and forgets the options on Cancel', async () => {
    const run = block({
      options: [REGISTRATION_OPTIONS, REGISTRATION_OPTIONS],
      create: [REGISTRATION_RESPONSE, new Error(PASSKEY_TEXTS.cancelled)],
      register: [new Error('This passkey request has expired. Please try again.')],
    });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled({ naming: 'editing' });
    expect(run.context()).toMatchObject({
      error: 'This passkey request has expired. Please try again.',
      options: null,
    });
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled({ naming: 'editing' });
    expect(run.context().options).toEqual(REGISTRATION_OPTIONS);
    run.actor.send({ type: 'passkeys.cancel' });
    expect(run.context()).toMatchObject({ options: null, name: '', error: null });
    expect(run.calls.options).toEqual([{ currentPassword: PASSWORD }, { currentPassword: PASSWORD }]);
  });

  it('proves an account without a password with a code e-mailed on request', async () => {
    const run = block(
      {
        code: [new Error('We could not send the e-mail just now.'), CODE_SENT],
        create: [REGISTRATION_RESPONSE],
        register: [PHONE],
      },
      true,
      false,
    );
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    // A password is no proof here, and only six digits are sent.
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    run.actor.send({ type: 'passkeys.sendCode' });
    await run.settled({ naming: 'editing' });
    expect(run.context()).toMatchObject({ error: 'We could not send the e-mail just now.', notice: null });
    run.actor.send({ type: 'passkeys.sendCode' });
    await run.settled({ naming: 'editing' });
    expect(run.context()).toMatchObject({ error: null, notice: CODE_SENT });
    run.actor.send({ type: 'passkeys.changeProof', field: 'emailCode', value: '12345' });
    run.actor.send({ type: 'passkeys.submit' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'emailCode', value: ' 123456 ' });
    run.actor.send({ type: 'passkeys.submit' });
    await run.settled('ready');
    expect(run.calls.code).toHaveLength(2);
    expect(run.calls.options).toEqual([{ code: '123456' }]);
    expect(run.context()).toMatchObject({ notice: null, values: { password: '', emailCode: '' } });
  });

  it('sends no code to an account with a password', async () => {
    const run = block({});
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.add' });
    run.actor.send({ type: 'passkeys.sendCode' });
    expect(run.actor.getSnapshot().value).toEqual({ naming: 'editing' });
    expect(run.calls.code).toEqual([]);
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

  it("asks before removing, with the owner's proof; names the passkey removed; keeps list and proof when refused", async () => {
    const run = block({ remove: [new Error('Your current password is incorrect.'), undefined] });
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.remove', id: 'not-listed' });
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    expect(run.actor.getSnapshot().value).toEqual({ confirmingRemove: 'editing' });
    // Not without the proof; an account with a password is mailed no code.
    run.actor.send({ type: 'passkeys.confirm' });
    run.actor.send({ type: 'passkeys.sendCode' });
    expect(run.actor.getSnapshot().value).toEqual({ confirmingRemove: 'editing' });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: 'typed' });
    run.actor.send({ type: 'passkeys.cancel' });
    expect(run.context()).toMatchObject({ selected: null, values: { password: '', emailCode: '' } });
    expect(run.calls.remove).toEqual([]);

    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: 'not it' });
    run.actor.send({ type: 'passkeys.confirm' });
    await run.settled({ confirmingRemove: 'editing' });
    expect(run.context()).toMatchObject({ error: 'Your current password is incorrect.', selected: LAPTOP.id });
    expect(run.context().passkeys).toEqual([LAPTOP]);
    run.actor.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
    expect(run.context().error).toBeNull();
    run.actor.send({ type: 'passkeys.confirm' });
    await run.settled('ready');
    expect(run.calls.remove).toEqual([
      { id: LAPTOP.id, proof: { currentPassword: 'not it' } },
      { id: LAPTOP.id, proof: { currentPassword: PASSWORD } },
    ]);
    expect(run.context()).toMatchObject({ passkeys: [], selected: null, values: { password: '', emailCode: '' } });
    expect(run.announced).toEqual(['Passkey “Laptop” removed.']);
  });

  it('proves a removal for an account without a password with a code e-mailed on request', async () => {
    const run = block({ code: [new Error('Network Error'), CODE_SENT], remove: [undefined] }, true, false);
    await run.settled('ready');
    run.actor.send({ type: 'passkeys.remove', id: LAPTOP.id });
    run.actor.send({ type: 'passkeys.sendCode' });
    await run.settled({ confirmingRemove: 'editing' });
    expect(run.context().error).toBe('Network Error');
    run.actor.send({ type: 'passkeys.sendCode' });
    await run.settled({ confirmingRemove: 'editing' });
    expect(run.context()).toMatchObject({ error: null, notice: CODE_SENT });
    run.actor.send({ type: 'passkeys.changeProof', field: 'emailCode', value: ' 654321 ' });
    run.actor.send({ type: 'passkeys.confirm' });
    await run.settled('ready');
    expect(run.calls.remove).toEqual([{ id: LAPTOP.id, proof: { code: '654321' } }]);
    expect(run.context().notice).toBeNull();
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
    { input: { supported: true, suggestedName: 'x', hasPassword: true } },
  ).start();
  await vi.waitFor(() => expect(bare.getSnapshot().value).toBe('unavailable'));
  expect(errors).toEqual(['listPasskeys is not provided']);
  const listed = createActor(passkeysMachine.provide({ actors: { listPasskeys: fromPromise(async () => [LAPTOP]) } }), {
    input: { supported: true, suggestedName: 'x', hasPassword: true },
  }).start();
  await vi.waitFor(() => expect(listed.getSnapshot().value).toBe('ready'));
  listed.send({ type: 'passkeys.add' });
  listed.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
  listed.send({ type: 'passkeys.submit' });
  await vi.waitFor(() => expect(listed.getSnapshot().context.error).toBe('registrationOptions is not provided'));
  const mailing = createActor(
    passkeysMachine.provide({ actors: { listPasskeys: fromPromise(async () => [LAPTOP]) } }),
    {
      input: { supported: true, suggestedName: 'x', hasPassword: false },
    },
  ).start();
  await vi.waitFor(() => expect(mailing.getSnapshot().value).toBe('ready'));
  mailing.send({ type: 'passkeys.add' });
  mailing.send({ type: 'passkeys.sendCode' });
  await vi.waitFor(() => expect(mailing.getSnapshot().context.error).toBe('requestCode is not provided'));
  const prompted = createActor(
    passkeysMachine.provide({
      actors: {
        listPasskeys: fromPromise(async () => [LAPTOP]),
        registrationOptions: fromPromise(async () => REGISTRATION_OPTIONS),
      },
    }),
    { input: { supported: true, suggestedName: 'x', hasPassword: true } },
  ).start();
  await vi.waitFor(() => expect(prompted.getSnapshot().value).toBe('ready'));
  prompted.send({ type: 'passkeys.add' });
  prompted.send({ type: 'passkeys.changeProof', field: 'password', value: PASSWORD });
  prompted.send({ type: 'passkeys.submit' });
  await vi.waitFor(() => expect(prompted.getSnapshot().context.error).toBe(PASSKEY_TEXTS.unsupported));
});
