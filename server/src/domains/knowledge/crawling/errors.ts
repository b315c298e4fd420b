import { AppError, assertNever } from '../../../errors.ts';

export type CrawlErrorCode =
  | 'missing_url'
  | 'invalid_url'
  | 'credentials_in_url'
  | 'bad_scheme'
  | 'blocked_address'
  | 'dns_failure'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  | 'http_status'
  | 'unsupported_content_type'
  | 'too_many_redirects'
  | 'robots_disallowed'
  | 'robots_unreachable';

export interface CrawlErrorDetails {
  /** HTTP status of the refused response (`http_status`). */
  status?: number;
  /** Media type of the refused response (`unsupported_content_type`). */
  contentType?: string;
  /** The byte limit that was exceeded (`too_large`). */
  limitBytes?: number;
}

/**
 * Why a URL could not be crawled. Every refusal is about the address the customer gave, so the
 * kind is `validation`; inside a crawl job the message becomes the record's error message.
 */
export class CrawlError extends AppError {
  readonly kind = 'validation';
  declare readonly code: CrawlErrorCode;

  constructor(
    code: CrawlErrorCode,
    readonly details: CrawlErrorDetails = {},
  ) {
    super(crawlErrorMessage(code, details), code);
  }
}

function crawlErrorMessage(code: CrawlErrorCode, details: CrawlErrorDetails): string {
  switch (code) {
    case 'missing_url':
      return 'Missing URL: Please enter a valid website URL.';
    case 'invalid_url':
      return 'Invalid URL: Please enter a valid website URL (including http/https).';
    case 'credentials_in_url':
      return 'Invalid URL: Please remove the username and password from the website URL.';
    case 'bad_scheme':
      return 'Invalid URL: Only http and https websites can be crawled.';
    case 'blocked_address':
      return 'Blocked URL: This address points to a private or local network and cannot be crawled.';
    case 'dns_failure':
      return 'Website not found: The host name could not be resolved.';
    case 'network':
      return 'Connection failed: Could not connect to the website.';
    case 'timeout':
      return 'Timed out: The website took too long to respond.';
    case 'aborted':
      return 'Cancelled: The crawl was stopped.';
    case 'too_large':
      return `Page too large: The page is bigger than the ${formatMegabytes(details.limitBytes)} limit.`;
    case 'http_status':
      return `Page unavailable: The website answered with HTTP status ${details.status ?? 'error'}.`;
    case 'unsupported_content_type':
      return `Unsupported content: Only web pages can be crawled (this is ${details.contentType || 'an unknown type'}).`;
    case 'too_many_redirects':
      return 'Too many redirects: The website redirected too many times.';
    case 'robots_disallowed':
      return "Blocked by robots.txt: The website's robots.txt does not allow crawling this page.";
    case 'robots_unreachable':
      return "robots.txt unavailable: The website's robots.txt could not be read, so crawling is not allowed for now.";
    default:
      return assertNever(code);
  }
}

function formatMegabytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'size';
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
