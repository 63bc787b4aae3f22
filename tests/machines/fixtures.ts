import type { Session, User } from '../../domain/types';

export const ada: User = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatarURL: null,
  lastLogin: '2026-11-21T08:00:00.000Z',
  emailVerified: false,
};

export const adaSession: Session = { user: ada, token: 'token-1' };
export const renamedSession: Session = { user: { ...ada, name: 'Ada King' }, token: 'token-2' };
export const movedSession: Session = { user: { ...ada, email: 'ada@example.org' }, token: 'token-3' };
