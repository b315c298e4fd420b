import { getIntrospectionQuery } from 'graphql';

/** The introspection query GraphiQL sends, with every option on (the largest it can be). */
export const GRAPHIQL_INTROSPECTION_QUERY = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});
