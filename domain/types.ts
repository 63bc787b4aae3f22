import type { User } from './contract';

export type { User };

/** What a successful sign-in, registration, profile update or password change hands back. */
export interface Session {
  user: User;
  token: string;
}
