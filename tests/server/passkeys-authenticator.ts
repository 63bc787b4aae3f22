/**
 * A software authenticator for the passkey tests: an ES256 (P-256) key pair from node:crypto, answering
 * registration options with attestation 'none' and authentication options with a signed assertion, exactly as
 * a browser would pass them on (the JSON of @simplewebauthn/browser). Each answer can be bent (another origin,
 * another RP id, an old counter) to show what the server refuses.
 */
import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '#domain/passkeyContract';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface Bend {
  /** The page the browser says the ceremony ran on. */
  origin?: string;
  /** The RP id the authenticator hashes into its data. */
  rpId?: string;
  /** The counter to report instead of the next one. */
  counter?: number;
  /** Leave out the user-verified flag (no PIN or biometrics). */
  unverified?: boolean;
  /** The account the assertion names instead of the one the site gave at registration. */
  userHandle?: string;
  /** Sign other bytes than the ones sent: a 'packed' attestation or an assertion that does not hold. */
  badSignature?: boolean;
  /** The transports the browser reports; null leaves them out. */
  transports?: string[] | null;
  /** The ceremony the client data names instead of the right one. */
  type?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle the site gave at registration, returned with every assertion (discoverable). */
  private userHandle: string | undefined;
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [COSE.y, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A signature over `data`, or over other bytes when the answer is bent so. */
  private signed(data: Buffer, bend: Bend): Buffer {
    return sign('sha256', bend.badSignature ? Buffer.concat([data, Buffer.from('tampered')]) : data, this.privateKey);
  }

  /** 'none', or a 'packed' self-attestation whose signature does not hold. */
  private attestation(authData: Buffer, clientDataJSON: string, bend: Bend): Uint8Array {
    const statement = new Map<string, number | Uint8Array>();
    if (bend.badSignature) {
      statement.set('alg', COSE.ES256);
      statement.set(
        'sig',
        new Uint8Array(this.signed(Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), bend)),
      );
    }
    return isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', bend.badSignature ? 'packed' : 'none'],
        ['attStmt', statement],
        ['authData', new Uint8Array(authData)],
      ]),
    );
  }

  private flags(bend: Bend): number {
    return FLAG_USER_PRESENT | (bend.unverified ? 0 : FLAG_USER_VERIFIED);
  }

  /** navigator.credentials.create() with the server's registration options. */
  create(options: { challenge: string; user: { id: string } }, bend: Bend = {}): PasskeyRegistrationResponse {
    this.userHandle = options.user.id;
    const authData = this.authenticatorData(
      bend.rpId ?? this.rpId,
      this.flags(bend) | FLAG_ATTESTED_CREDENTIAL,
      this.counter,
      true,
    );
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.create',
      options.challenge,
      bend.origin ?? this.origin,
    );
    const transports = bend.transports === undefined ? ['internal', 'hybrid'] : bend.transports;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        attestationObject: b64url(this.attestation(authData, clientDataJSON, bend)),
        ...(transports ? { transports } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with the server's authentication options: each answer moves the counter on. */
  get(options: { challenge: string }, bend: Bend = {}): PasskeyAuthenticationResponse {
    this.counter = bend.counter ?? this.counter + 1;
    const authData = this.authenticatorData(bend.rpId ?? this.rpId, this.flags(bend), this.counter, false);
    const clientDataJSON = this.clientData(bend.type ?? 'webauthn.get', options.challenge, bend.origin ?? this.origin);
    const signature = this.signed(Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), bend);
    const userHandle = bend.userHandle ?? this.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
