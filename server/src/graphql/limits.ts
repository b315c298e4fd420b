import { GraphQLError, type ASTNode } from 'graphql';

/**
 * The limits every GraphQL operation must stay within, over HTTP and graphql-ws alike; README.md
 * ("GraphQL limits") lists them for integrators. Each is generous for the client's own operations and
 * GraphiQL's introspection query (clientOperations.test.ts proves it) and refuses what would only
 * exhaust the server: deep recursion in the parser, huge documents, and responses that grow
 * multiplicatively with nested lists.
 */
export const GRAPHQL_LIMITS = {
  /** graphql-js parses recursively, so brackets are counted before it parses (its stack would overflow). */
  sourceNesting: {
    max: 64,
    code: 'PARSE_NESTING_TOO_DEEP',
    message: (found: number, max: number) => `Brackets, braces and parentheses nest ${found} deep, over the limit of ${max}.`,
  },
  /** Bounds the work of parsing and validating; counting stops at the first token past the limit. */
  tokens: {
    max: 5_000,
    code: 'QUERY_TOO_LARGE',
    message: (_found: number, max: number) => `The document has more than ${max} tokens, over the limit of ${max}.`,
  },
  /** Fields nested in fields, fragments followed; GraphiQL's introspection query is 15 deep, the client's at most 6. */
  depth: {
    max: 16,
    code: 'QUERY_TOO_DEEP',
    message: (found: number, max: number) => `Fields nest ${found} deep, over the limit of ${max}.`,
  },
  aliases: {
    max: 50,
    code: 'TOO_MANY_ALIASES',
    message: (found: number, max: number) => `The document has ${found} aliases, over the limit of ${max}.`,
  },
  /**
   * Fields written in the document (introspection's 73, the client's at most 45). graphql-js's
   * overlapping-fields rule is quadratic in them: 200 same-named fields take about 30 ms to validate.
   */
  fields: {
    max: 200,
    code: 'TOO_MANY_FIELDS',
    message: (found: number, max: number) => `The document has ${found} fields, over the limit of ${max}.`,
  },
  directives: {
    max: 50,
    code: 'TOO_MANY_DIRECTIVES',
    message: (found: number, max: number) => `The document has ${found} directives, over the limit of ${max}.`,
  },
  /**
   * Fields the response may hold: each field counts once per item of every list around it
   * (operationLimits.ts). The client's operations cost at most about 2,000 with their largest pages;
   * GraphiQL's introspection query costs 53,411, whatever the schema, as its lists count by default size.
   */
  cost: {
    max: 100_000,
    code: 'QUERY_TOO_COSTLY',
    message: (found: number, max: number) => `The operation may return ${found} fields, over the cost limit of ${max}.`,
  },
  /**
   * Variables are walked recursively: graphql-js stops at the depth of the declared type, but a
   * JSON-like scalar or a service would not, so deep variables are refused up front, with a code.
   */
  variablesNesting: {
    max: 32,
    code: 'VARIABLES_TOO_DEEP',
    message: (found: number, max: number) => `The variables nest ${found} deep, over the limit of ${max}.`,
  },
} as const;

export type GraphQLLimit = keyof typeof GRAPHQL_LIMITS;

/** How list sizes count towards the cost; the page sizes are Pothos relay's defaults (builder.ts sets none). */
export const COST_LIST_SIZES = {
  /** A connection given no `first`/`last` returns this many items. */
  defaultPageSize: 20,
  /** A connection never returns more, whatever `first`/`last` asks for. */
  maxPageSize: 100,
  /** A list that takes no page size is counted as this many items. */
  defaultListSize: 10,
} as const;

/**
 * The refusal of an operation over a limit: a client error (HTTP 400 even when the client accepts
 * only application/json, hence `spec: false`) saying the limit and what was found.
 */
export function limitExceeded(limit: GraphQLLimit, found: number, nodes?: readonly ASTNode[]): GraphQLError {
  const { max, code, message } = GRAPHQL_LIMITS[limit];
  return new GraphQLError(message(found, max), {
    nodes,
    extensions: { code, limit: max, found, http: { status: 400, spec: false } },
  });
}
