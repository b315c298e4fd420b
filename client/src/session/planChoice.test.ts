import { afterEach, describe, expect, it } from 'vitest';
import { landingAfterSignIn, rememberPlanChoice } from './planChoice.ts';

afterEach(() => localStorage.clear());

describe('landingAfterSignIn', () => {
  it('sends a customer who picked a plan to billing, once', () => {
    rememberPlanChoice('pro');
    expect(landingAfterSignIn('/dashboard', true)).toBe('/billing');
    expect(landingAfterSignIn('/dashboard', true)).toBe('/dashboard');
  });

  it.each([
    [false, true, '/dashboard'],
    [true, false, '/admin/overview'],
  ])('chosen %s, customer %s → home', (chosen, customer, home) => {
    if (chosen) rememberPlanChoice('starter');
    expect(landingAfterSignIn(home, customer)).toBe(home);
  });
});
