import { describe, expect, it } from 'vitest';
import { redactUrl, SECRET_QUERY_PARAMETERS } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/users/me', '/api/v1/users/me'],
    ['/verify-email?token=abc', '/verify-email?token=%5Bredacted%5D'],
    ['/?token=a&refresh=b&user_id=42', '/?token=%5Bredacted%5D&refresh=%5Bredacted%5D&user_id=42'],
    ['/api/v1/users/google/callback?code=xyz&state=s1', '/api/v1/users/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D'],
    ['/api/v1/users/verify-email/confirm/secret-token', '/api/v1/users/verify-email/confirm/[redacted]'],
    ['/api/v1/public/bots/7/chat-history?session_token=s&page=2', '/api/v1/public/bots/7/chat-history?session_token=%5Bredacted%5D&page=2'],
    ['/api/v1/bots?search=TOKEN', '/api/v1/bots?search=TOKEN'],
    [
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=v3r1fy&hub.challenge=42',
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=%5Bredacted%5D&hub.challenge=42',
    ],
    ['/x?Hub.Verify_Token=v&API_KEY=k', '/x?Hub.Verify_Token=%5Bredacted%5D&API_KEY=%5Bredacted%5D'],
    ['/x?hub%2Everify_token=v', '/x?hub.verify_token=%5Bredacted%5D'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('SECRET_QUERY_PARAMETERS', () => {
  it.each(SECRET_QUERY_PARAMETERS)('keeps the value of %s out of a logged address', (name) => {
    const logged = redactUrl(`/any?${encodeURIComponent(name)}=s3cr3t-value&page=2`);
    expect(logged).not.toContain('s3cr3t-value');
    expect(logged).toContain('page=2');
  });
});
