import { describe, expect, it } from 'vitest';
import { isRevoked, revocationsOf } from './revocation.ts';

describe('isRevoked', () => {
  const issuedAt = 1_700_000_000;
  it.each([
    ['never revoked', [null, null], false],
    ['its session revoked after it was issued', [issuedAt * 1000 + 60_000, null], true],
    ['its user revoked after it was issued', [null, issuedAt * 1000 + 1], true],
    ['revoked in the very second it was issued', [issuedAt * 1000 + 999, null], true],
    ['revoked at the instant it was issued', [null, issuedAt * 1000], true],
    ['issued after its user was revoked (enabled again, signed in again)', [null, issuedAt * 1000 - 1], false],
    ['issued after an older revocation, revoked again since', [issuedAt * 1000 - 5_000, issuedAt * 1000 + 5_000], true],
  ] as const)('%s', (_case, revokedAt, expected) => {
    expect(isRevoked(issuedAt, revokedAt)).toBe(expected);
  });
});

describe('revocationsOf', () => {
  it("names the token's session and its user, apart from each other", () => {
    const keys = revocationsOf({ userId: 'u1', familyId: 'u1', role: 'customer', issuedAt: 0 });
    expect(keys).toEqual(['session:u1', 'user:u1']);
  });
});
