// The login state flags of spec section 3: logged in once a token and member info are there;
// member types 1, 2, 41 and 42 are agents and type 4 is a trial.
import { describe, expect, it } from 'vitest';
import { memberInfoFixture } from '@/test/fixtures';
import { loginStateOf } from './login-state';

describe('loginStateOf', () => {
  it('is a guest without a token or without member info', () => {
    expect(loginStateOf(null, memberInfoFixture())).toEqual({
      isLogin: false,
      isAgent: false,
      isTrial: false,
    });
    expect(loginStateOf('token', undefined).isLogin).toBe(false);
  });

  it.each([1, 2, 41, 42])('flags type %i as an agent', (type) => {
    expect(loginStateOf('token', memberInfoFixture({ type }))).toEqual({
      isLogin: true,
      isAgent: true,
      isTrial: false,
    });
  });

  it('flags type 4 as a trial and type 0 as a plain member', () => {
    expect(loginStateOf('token', memberInfoFixture({ type: 4 })).isTrial).toBe(true);
    expect(loginStateOf('token', memberInfoFixture({ type: 0 }))).toEqual({
      isLogin: true,
      isAgent: false,
      isTrial: false,
    });
  });
});
