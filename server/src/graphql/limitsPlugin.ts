import { validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { operationLimitErrors } from './operationLimits.ts';
import { assertSourceWithinLimits } from './parseLimits.ts';
import { VALIDATION_LIMIT_RULES } from './validationLimits.ts';

/**
 * Puts every operation through the limits of limits.ts wherever yoga's envelope runs it (HTTP, and
 * graphql-ws through `getEnveloped`): the source is measured before it is parsed, the document is
 * checked against the depth and size rules before graphql-js's own validation, and the cost and the
 * variables are checked before execution.
 */
export function useGraphQLLimits(): Plugin {
  // The rules read the document alone, and yoga's parser cache hands the same document for the same
  // source: a client's operation, sent again and again, is measured once.
  const refusalsOf = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly GraphQLError[]>>();
  const limitRefusals = (schema: GraphQLSchema, document: DocumentNode) => {
    let bySchema = refusalsOf.get(schema);
    if (!bySchema) refusalsOf.set(schema, (bySchema = new WeakMap()));
    let refusals = bySchema.get(document);
    if (!refusals) bySchema.set(document, (refusals = validate(schema, document, VALIDATION_LIMIT_RULES)));
    return refusals;
  };
  return {
    onParse({ params }) {
      // Thrown by the hook, not by a parse function: yoga marks what the parse function throws as a
      // spec parse error, answered 200 under application/json, and a refused limit is always a 400.
      assertSourceWithinLimits(params.source);
    },
    onValidate({ params, setResult }) {
      // The limits alone and first: graphql-js's own rules include a quadratic one (overlapping
      // fields), which only a document within the limits may reach.
      const refusals = limitRefusals(params.schema, params.documentAST);
      if (refusals.length > 0) setResult([...refusals]);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const errors = operationLimitErrors(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = operationLimitErrors(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };
}
