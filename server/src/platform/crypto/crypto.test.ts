import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError, hashPassword, randomToken, sameSecret, sha256Hex, verifyPassword } from './index.ts';

describe('SecretBox', () => {
  const box = new SecretBox('app-secret-for-tests');

  it('round-trips text, including unicode and the empty string', () => {
    for (const plaintext of ['sk-live-123', 'clé 🔑 ключ', '']) {
      expect(box.decrypt(box.encrypt(plaintext))).toBe(plaintext);
    }
  });

  it('produces a versioned, URL-safe value that differs on every call', () => {
    const first = box.encrypt('same');
    const second = box.encrypt('same');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
  });

  it('does not decrypt with another app secret', () => {
    const sealed = box.encrypt('secret');
    expect(() => new SecretBox('another-secret').decrypt(sealed)).toThrow(SecretBoxError);
  });

  it.each([
    ['a flipped ciphertext byte', (sealed: string) => flipByte(sealed, -1)],
    ['a flipped tag byte', (sealed: string) => flipByte(sealed, 12)],
    ['a flipped iv byte', (sealed: string) => flipByte(sealed, 0)],
    ['another version', (sealed: string) => sealed.replace(/^v1\./, 'v2.')],
    ['a truncated body', (sealed: string) => sealed.slice(0, 20)],
    ['trailing garbage', (sealed: string) => `${sealed}!`],
    ['an extra segment', (sealed: string) => `${sealed}.x`],
    ['plain text', () => 'not encrypted'],
  ])('rejects %s', (_case, tamper) => {
    expect(() => box.decrypt(tamper(box.encrypt('secret value')))).toThrow(SecretBoxError);
  });

  it('refuses an empty app secret', () => {
    expect(() => new SecretBox('')).toThrow();
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const passwordHash = await hashPassword('correct horse battery staple');
    expect(passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(passwordHash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(passwordHash, 'wrong password')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each(['', 'not-a-hash', '$argon2id$v=19$m=19456,t=2,p=1$garbage', '$2b$10$abcdefghijklmnopqrstuv'])(
    'returns false for the malformed hash %j',
    async (malformed) => {
      expect(await verifyPassword(malformed, 'anything')).toBe(false);
    },
  );
});

describe('tokens', () => {
  it('randomToken returns base64url of the requested size', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
    expect(randomToken()).not.toBe(randomToken());
  });

  it('sha256Hex matches the known digest', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

function flipByte(sealed: string, index: number): string {
  const [version, body] = sealed.split('.') as [string, string];
  const bytes = Buffer.from(body, 'base64url');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return `${version}.${bytes.toString('base64url')}`;
}

describe('sameSecret', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', false],
    [undefined, undefined, false],
    [null, 'abc', false],
    ['clé', 'clé', true],
  ])('%j against %j is %s', (given, expected, match) => {
    expect(sameSecret(given, expected)).toBe(match);
  });
});
