/** The session token from an `Authorization` header: the Bearer scheme in any case, the token alone. */
import { describe, expect, it } from 'vitest';
import { bearerToken } from '#server/ways-in/require-auth';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def', 'abc.def'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
  ])('reads the token from %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([[undefined], [''], ['Bearer'], ['Bearer '], ['Basic abc'], ['Bearer a b'], ['xBearer abc']])(
    'finds none in %j',
    (header) => {
      expect(bearerToken(header)).toBeNull();
    },
  );
});
