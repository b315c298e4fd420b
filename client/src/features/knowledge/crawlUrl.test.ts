import { describe, expect, it } from 'vitest';
import { checkCrawlUrl } from './crawlUrl.ts';

describe('checkCrawlUrl', () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['example.com', 'invalid'],
    ['ftp://example.com/file', 'invalid'],
    ['https://example.com', 'valid'],
    ['http://docs.example.org/guide?page=2', 'valid'],
    ['https://8.8.8.8/', 'valid'],
    ['https://172.32.0.1/', 'valid'],
    ['https://[2001:db8::1]/', 'valid'],
    ['http://localhost:3000', 'private'],
    ['http://app.localhost/', 'private'],
    ['http://printer.local/', 'private'],
    ['http://wiki.internal/', 'private'],
    ['http://127.0.0.1:8080/', 'private'],
    ['http://10.1.2.3/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.10/', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'private'],
    ['http://100.64.0.1/', 'private'],
    ['http://0.0.0.0/', 'private'],
    ['http://[::1]/', 'private'],
    ['http://[fd00::1]/', 'private'],
    ['http://[fe80::1]/', 'private'],
    ['http://LOCALHOST./', 'private'],
  ])('%j is %s', (value, expected) => {
    expect(checkCrawlUrl(value)).toBe(expected);
  });
});
