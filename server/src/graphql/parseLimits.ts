import { Lexer, Source, TokenKind } from 'graphql';
import { GRAPHQL_LIMITS, limitExceeded } from './limits.ts';

export interface SourceShape {
  /** Tokens read, comments excluded (as graphql-js's `maxTokens` counts them); at most `maxTokens + 1`. */
  tokens: number;
  /** The deepest nesting of brackets, braces and parentheses among the tokens read. */
  nesting: number;
}

const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * Reads a GraphQL source with graphql-js's own lexer, which is iterative and skips strings, block
 * strings and comments exactly as the parser will, so that a document is measured before the
 * recursive parser sees it. Stops at the first token past `maxTokens`: such a source is refused
 * whatever follows, and lexing all of a megabyte body would take half a second.
 */
export function measureSource(source: string | Source, maxTokens: number): SourceShape {
  const lexer = new Lexer(typeof source === 'string' ? new Source(source) : source);
  let tokens = 0;
  let open = 0;
  let nesting = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    tokens += 1;
    if (tokens > maxTokens) break;
    if (OPENING.has(token.kind)) nesting = Math.max(nesting, ++open);
    // Unbalanced closings are the parser's to report; they must not hide the nesting that follows.
    else if (CLOSING.has(token.kind)) open = Math.max(0, open - 1);
  }
  return { tokens, nesting };
}

/** Throws the coded refusal of a source over the token or nesting limit, before graphql-js parses it. */
export function assertSourceWithinLimits(source: string | Source): void {
  const shape = measureSource(source, GRAPHQL_LIMITS.tokens.max);
  if (shape.tokens > GRAPHQL_LIMITS.tokens.max) throw limitExceeded('tokens', shape.tokens);
  if (shape.nesting > GRAPHQL_LIMITS.sourceNesting.max) throw limitExceeded('sourceNesting', shape.nesting);
}
