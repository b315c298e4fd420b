import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * The ipaddr.js range of an IP address (`loopback`, `private`, `linkLocal`, `unicast`...), after
 * unwrapping IPv4-mapped IPv6 so that `::ffff:127.0.0.1` is `loopback`, not `ipv4Mapped`.
 * IPv6 outside 2000::/3 is `reserved` (ipaddr.js calls e.g. the IPv4-compatible `::127.0.0.1`
 * unicast); anything that is not an IP address is `invalid`.
 */
export function addressRange(address: string): string {
  const unbracketed = address.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(unbracketed)) return 'invalid';
  const parsed = ipaddr.process(unbracketed);
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'unicast' && !parsed.match(GLOBAL_UNICAST_IPV6)) return 'reserved';
  return range;
}

/**
 * Only globally routable unicast addresses are public. Everything else (loopback, private,
 * link-local with the cloud metadata address, CGNAT, unique-local, multicast, broadcast,
 * unspecified, reserved, and the IPv6 transition ranges that can embed any IPv4 address) is
 * refused: an allow-list fails closed when a new special range appears.
 */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

const LOCAL_HOSTNAME_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa'];

/** Host names that name the machine itself or a private network, whatever DNS says about them. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || LOCAL_HOSTNAME_SUFFIXES.some((suffix) => name.endsWith(suffix));
}
