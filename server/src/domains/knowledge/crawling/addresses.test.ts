import { describe, expect, it } from 'vitest';
import { addressRange, isLocalHostname, isPublicAddress } from './addresses.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', 'unicast', true],
    ['93.184.216.34', 'unicast', true],
    ['2606:4700:4700::1111', 'unicast', true],
    ['[2606:4700:4700::1111]', 'unicast', true],
    ['127.0.0.1', 'loopback', false],
    ['127.255.255.254', 'loopback', false],
    ['::1', 'loopback', false],
    ['[::1]', 'loopback', false],
    ['10.0.0.1', 'private', false],
    ['172.16.0.1', 'private', false],
    ['172.31.255.255', 'private', false],
    ['192.168.1.1', 'private', false],
    ['169.254.169.254', 'linkLocal', false],
    ['169.254.0.1', 'linkLocal', false],
    ['fe80::1', 'linkLocal', false],
    ['fc00::1', 'uniqueLocal', false],
    ['fd00:ec2::254', 'uniqueLocal', false],
    ['100.64.0.1', 'carrierGradeNat', false],
    ['100.127.255.255', 'carrierGradeNat', false],
    ['0.0.0.0', 'unspecified', false],
    ['0.1.2.3', 'unspecified', false],
    ['::', 'unspecified', false],
    ['224.0.0.1', 'multicast', false],
    ['ff02::1', 'multicast', false],
    ['255.255.255.255', 'broadcast', false],
    ['240.0.0.1', 'reserved', false],
    ['192.0.2.1', 'reserved', false],
    ['::ffff:127.0.0.1', 'loopback', false],
    ['::ffff:7f00:1', 'loopback', false],
    ['::ffff:169.254.169.254', 'linkLocal', false],
    ['::ffff:10.0.0.1', 'private', false],
    ['::ffff:8.8.8.8', 'unicast', true],
    ['::127.0.0.1', 'loopback', false],
    ['::7f00:1', 'reserved', false],
    ['::ffff:0:127.0.0.1', 'rfc6145', false],
    ['64:ff9b::a00:1', 'rfc6052', false],
    ['2002:7f00:1::', '6to4', false],
    ['not-an-ip', 'invalid', false],
    ['127.1', 'loopback', false],
    ['0x7f000001', 'loopback', false],
    ['2130706433', 'loopback', false],
  ] as const)('%s is %s (public: %s)', (address, range, isPublic) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(isPublic);
  });
});

describe('isLocalHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['localhost.', true],
    ['app.localhost', true],
    ['printer.local', true],
    ['metadata.google.internal', true],
    ['router.home.arpa', true],
    ['box.localdomain', true],
    ['example.com', false],
    ['localhost.example.com', false],
    ['internal.example.com', false],
  ] as const)('%s: %s', (hostname, isLocal) => {
    expect(isLocalHostname(hostname)).toBe(isLocal);
  });
});
