export type UrlCheck = 'missing' | 'invalid' | 'private' | 'valid';

const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/** IPv4 ranges no public website lives in: this network, private, shared (CGNAT), loopback, link-local. */
function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** Loopback, unique local (fc00::/7) and link-local (fe80::/10) IPv6, as URL gives it: in brackets. */
function isPrivateIPv6(host: string): boolean {
  if (!host.startsWith('[')) return false;
  const address = host.slice(1, -1).toLowerCase();
  return address === '::1' || address === '::' || /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
}

/** A host that names this machine or a local network: the crawl, which reads only public sites, will refuse it. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix)) || isPrivateIPv4(host) || isPrivateIPv6(host);
}

/**
 * The spec's crawl-URL states: only an absolute http(s) address with a host is valid; one whose host
 * is private or local is still sent (an installation may allow its own network) but not called good.
 */
export function checkCrawlUrl(value: string): UrlCheck {
  const trimmed = value.trim();
  if (trimmed === '') return 'missing';
  try {
    const url = new URL(trimmed);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return 'invalid';
    return isPrivateHost(url.hostname) ? 'private' : 'valid';
  } catch {
    return 'invalid';
  }
}

/** One toast per crawl: its start's, replaced by its end's (CrawlHistory), so "started" never outlives "finished". */
export function crawlToastId(crawlId: string): string {
  return `crawl:${crawlId}`;
}
