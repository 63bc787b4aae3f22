/** Hono's type parameter for our app: what middleware puts on the context for the routes to read. */
import type { SessionRow, UserRow } from '../db/schema';

interface AuthState {
  user: UserRow;
  session: SessionRow;
  /** The caller's bearer token, echoed back by calls whose answer is `{user, token}` without a new sign-in. */
  token: string;
}

export interface AppEnv {
  Variables: { auth: AuthState };
}
