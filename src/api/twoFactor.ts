/**
 * The second factor's calls (docs/product.md#second-factor), all signed in, under /users/two-factor; every
 * answer is checked with domain/contract.ts structs.
 */
import { MessageResponse } from '#domain/contract';
import {
  RecoveryCodesResponse,
  type TwoFactorCodeRequest,
  type TwoFactorSetupRequest,
  TwoFactorSetupResponse,
  type TwoFactorDisableRequest,
  TwoFactorStatus,
} from '#domain/twoFactorContract';
import type { OwnerProof } from '#machines/lib/ownerProof';
import type { TurnOffRequest } from '#machines/twoFactor.machine';
import { get, post } from './http';

export const twoFactorStatus = (): Promise<TwoFactorStatus> =>
  get('/users/two-factor', TwoFactorStatus, { auth: true });

/** E-mails a code to an account without a password; answers the server's message. */
export async function requestTwoFactorCode(): Promise<string> {
  const { message } = await post('/users/two-factor/code', MessageResponse, undefined, { auth: true });
  return message.en;
}

export function setUpTwoFactor(proof: OwnerProof): Promise<TwoFactorSetupResponse> {
  const body: TwoFactorSetupRequest = proof;
  return post('/users/two-factor/totp/setup', TwoFactorSetupResponse, body, { auth: true });
}

/** The first code of the app turns it on: answers the recovery codes (`RECOVERY_CODE_COUNT`). */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const body: TwoFactorCodeRequest = { code };
  const { recoveryCodes } = await post('/users/two-factor/totp/enable', RecoveryCodesResponse, body, { auth: true });
  return recoveryCodes;
}

/** A current code of the app: answers new recovery codes (the old ones stop working). */
export async function renewRecoveryCodes(code: string): Promise<string[]> {
  const body: TwoFactorCodeRequest = { code };
  const { recoveryCodes } = await post('/users/two-factor/recovery-codes', RecoveryCodesResponse, body, {
    auth: true,
  });
  return recoveryCodes;
}

/** Answers the server's message. */
export async function disableTwoFactor({ proof, twoFactorCode }: TurnOffRequest): Promise<string> {
  const body: TwoFactorDisableRequest = { ...proof, twoFactorCode };
  const { message } = await post('/users/two-factor/disable', MessageResponse, body, { auth: true });
  return message.en;
}
