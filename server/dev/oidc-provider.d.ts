/**
 * The few parts of oidc-provider (which ships no type declarations) that server/dev/oidc.ts uses.
 * Development and tests only: the production server never imports the package.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ClaimsResult {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<ClaimsResult> | ClaimsResult;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface OIDCContext {
    client?: { clientId: string };
    session: Session;
    prompts: Set<string>;
    result?: Record<string, unknown>;
    provider: Provider;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    type: string;
    body: unknown;
    status: number;
  }

  export interface AccessToken {
    accountId: string;
    clientId: string;
    scope?: string;
    exp?: number;
    isExpired: boolean;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface AdapterPayload {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
    [key: string]: unknown;
  }

  export type Configuration = Record<string, unknown>;

  export class Check {
    constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
  }

  export class Prompt {
    constructor(options: { name: string; requestable?: boolean }, ...checks: Check[]);
    name: string;
    checks: Check[] & { clear(): void };
  }

  export const interactionPolicy: {
    Check: typeof Check;
    Prompt: typeof Prompt;
    base(): Prompt[] & { get(name: string): Prompt | undefined; add(prompt: Prompt, index?: number): void };
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    AccessToken: { find(token: string): Promise<AccessToken | undefined> };
    Client: { Schema: { prototype: { invalidate(message: string, code?: string): void } } };
    Grant: {
      new (fields: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }
}
