import { Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import { GRAPHQL_LIMITS, limitExceeded, type GraphQLLimit } from './limits.ts';

/**
 * Measures each fragment once however often it is spread, so that a fragment spread twice in a
 * fragment spread twice... costs linear time, not exponential. An unknown fragment or a cycle
 * measures as `none`: both are validation errors of graphql-js's own rules already.
 */
export function memoizeFragments<T>(
  fragmentNamed: (name: string) => FragmentDefinitionNode | null | undefined,
  measure: (fragment: FragmentDefinitionNode) => T,
  none: T,
): (name: string) => T {
  const measured = new Map<string, T>();
  const measuring = new Set<string>();
  return (name) => {
    if (measured.has(name)) return measured.get(name) as T;
    const fragment = fragmentNamed(name);
    if (!fragment || measuring.has(name)) return none;
    measuring.add(name);
    const value = measure(fragment);
    measuring.delete(name);
    measured.set(name, value);
    return value;
  };
}

/** How deep fields nest in a selection set; fragments add no level of their own. */
function selectionDepth(selectionSet: SelectionSetNode, fragmentDepth: (name: string) => number): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    const depth =
      selection.kind === Kind.FIELD
        ? 1 + (selection.selectionSet ? selectionDepth(selection.selectionSet, fragmentDepth) : 0)
        : selection.kind === Kind.INLINE_FRAGMENT
          ? selectionDepth(selection.selectionSet, fragmentDepth)
          : fragmentDepth(selection.name.value);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** Validation rule: fields nest at most `depth.max` deep in each operation, fragments followed. */
function QueryDepthLimit(context: ValidationContext): ASTVisitor {
  const fragmentDepth: (name: string) => number = memoizeFragments(
    (name) => context.getFragment(name),
    (fragment) => selectionDepth(fragment.selectionSet, fragmentDepth),
    0,
  );
  return {
    OperationDefinition(operation) {
      const depth = selectionDepth(operation.selectionSet, fragmentDepth);
      if (depth > GRAPHQL_LIMITS.depth.max) context.reportError(limitExceeded('depth', depth, [operation]));
    },
  };
}

/** Validation rule: the document's aliases, fields and directives, each against its limit. */
function DocumentSizeLimits(context: ValidationContext): ASTVisitor {
  const counts: Record<Extract<GraphQLLimit, 'aliases' | 'fields' | 'directives'>, number> = { aliases: 0, fields: 0, directives: 0 };
  return {
    Field(field) {
      counts.fields += 1;
      if (field.alias) counts.aliases += 1;
    },
    Directive() {
      counts.directives += 1;
    },
    Document: {
      leave() {
        for (const [limit, found] of Object.entries(counts) as [keyof typeof counts, number][]) {
          if (found > GRAPHQL_LIMITS[limit].max) context.reportError(limitExceeded(limit, found));
        }
      },
    },
  };
}

export const VALIDATION_LIMIT_RULES = [QueryDepthLimit, DocumentSizeLimits];
