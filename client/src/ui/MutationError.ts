import { graphql, readInlineData } from 'react-relay';
import type { MutationErrorFragment$data, MutationErrorFragment$key } from './__generated__/MutationErrorFragment.graphql.ts';

/**
 * What every form reads of a mutation's typed failure: spread `...MutationErrorFragment` into the
 * mutation's result beside its success type. Inline, so that it is read where the answer arrives
 * (onCompleted), outside rendering.
 */
const mutationErrorFragment = graphql`
  fragment MutationErrorFragment on Error @inline {
    __typename
    message
    code
    ... on ValidationError {
      issues {
        path
        message
      }
    }
  }
`;

export type MutationError = MutationErrorFragment$data;

export const readMutationError = (key: MutationErrorFragment$key): MutationError => readInlineData(mutationErrorFragment, key);
