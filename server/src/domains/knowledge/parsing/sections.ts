/** A stretch of a source's text with where it came from; the unit handed to the splitter. */
export interface Section {
  /** The heading (path) the text sits under, e.g. `Returns > Refunds`, or null. */
  heading: string | null;
  text: string;
  /** 1-based page number, for paginated sources. */
  page?: number;
}

const MAX_HEADING_LENGTH = 200;

export function clampHeading(heading: string | null): string | null {
  if (heading === null) return null;
  const trimmed = heading.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  return trimmed.length > MAX_HEADING_LENGTH ? `${trimmed.slice(0, MAX_HEADING_LENGTH - 1)}…` : trimmed;
}
