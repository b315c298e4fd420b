import type { Source } from '../api.ts';
import { isSafeUrl } from '@chatbot/common/markdown';
import type { ChatStrings } from '../strings.ts';

function sourceLabel(source: Source, strings: ChatStrings): string {
  const page = source.page ? `, ${strings.page} ${source.page}` : '';
  const team = source.source_type === 'qa_pair' ? `${strings.fromTeam}: ` : '';
  return `[${source.index}] ${team}${source.title}${page}`;
}

/** The documents, pages and the team's own answers an answer quotes, linked when they have an address. */
export function SourceLinks({ sources, strings }: { sources: Source[]; strings: ChatStrings }) {
  return (
    <ul className="sources" aria-label={strings.sources}>
      {sources.map((source) => (
        <li key={source.index}>
          {source.url && isSafeUrl(source.url) ? (
            <a href={source.url} target="_blank" rel="noopener noreferrer" title={source.snippet}>
              {sourceLabel(source, strings)}
            </a>
          ) : (
            <span title={source.snippet}>{sourceLabel(source, strings)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
