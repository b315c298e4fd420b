import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/users/me', '/api/v1/users/me'],
    ['/verify-email?token=abc', '/verify-email?token=%5Bredacted%5D'],
    ['/?token=a&refresh=b&user_id=42', '/?token=%5Bredacted%5D&refresh=%5Bredacted%5D&user_id=42'],
    ['/api/v1/users/google/callback?code=xyz&state=s1', '/api/v1/users/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D'],
    ['/api/v1/users/verify-email/confirm/secret-token', '/api/v1/users/verify-email/confirm/[redacted]'],
    ['/api/v1/public/bots/7/chat-history?session_token=s&page=2', '/api/v1/public/bots/7/chat-history?session_token=%5Bredacted%5D&page=2'],
    ['/api/v1/bots?search=TOKEN', '/api/v1/bots?search=TOKEN'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
