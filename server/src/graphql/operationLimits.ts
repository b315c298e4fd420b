import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { COST_LIST_SIZES, GRAPHQL_LIMITS, limitExceeded } from './limits.ts';
import { memoizeFragments } from './validationLimits.ts';

/** What execution receives: the limits here need the variables, so they cannot be validation rules (yoga caches validation per document). */
export interface OperationRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Readonly<Record<string, unknown>> | null;
}

type Variables = Readonly<Record<string, unknown>>;
type AnyField = GraphQLField<unknown, unknown>;

/** The refusals of an operation over the variables-nesting or cost limit; empty when it may run. */
export function operationLimitErrors(request: OperationRequest): GraphQLError[] {
  const nesting = jsonNesting(request.variableValues ?? {});
  if (nesting > GRAPHQL_LIMITS.variablesNesting.max) return [limitExceeded('variablesNesting', nesting)];
  const operation = getOperationAST(request.document, request.operationName);
  // No such operation: execution answers that itself.
  if (!operation) return [];
  const cost = costOf(request.schema, request.document, operation, request.variableValues ?? {});
  return cost > GRAPHQL_LIMITS.cost.max ? [limitExceeded('cost', cost, [operation])] : [];
}

/** The costs of operations that declare no variables, which nothing but the document decides. */
const fixedCosts = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, number>>();

/**
 * `operationCost`, measured once for an operation without variables: yoga's parser cache hands the
 * same document for the same source, so a client's fixed query, sent again and again, is walked once.
 */
function costOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variableValues: Variables): number {
  if (operation.variableDefinitions?.length) return operationCost(schema, document, operation, variableValues);
  let costs = fixedCosts.get(schema);
  if (!costs) fixedCosts.set(schema, (costs = new WeakMap()));
  let cost = costs.get(operation);
  if (cost === undefined) costs.set(operation, (cost = operationCost(schema, document, operation, variableValues)));
  return cost;
}

/** How deep arrays and objects nest in a JSON value, walked without recursion (the value may be deeper than the stack). */
export function jsonNesting(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * How many fields the response may hold: a field counts 1 plus its subfields, times the items of
 * its list. A connection (a field taking `first`/`last`) returns the page it is asked for (literal
 * or variable, else the default page size, at most the maximum); its edges are that page, not a
 * second list. Any other list counts as the default list size. So nested lists multiply, which is
 * what makes `bots(first: 100) { ... owner { bots(first: 100) ... } }` costly. Inline fragments and
 * spreads all count, even on types that exclude each other: an upper bound is what a limit needs.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variableValues: Variables,
): number {
  const variables = { ...variableDefaults(operation), ...variableValues };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fragmentCost: (name: string) => number = memoizeFragments(
    (name) => fragments.get(name),
    (fragment) => selectionCost(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value)),
    0,
  );

  function selectionCost(selectionSet: SelectionSetNode, parentType: GraphQLNamedType | null | undefined): number {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const definition = fieldDefinition(schema, parentType, selection.name.value);
        const subfieldsCost = selection.selectionSet
          ? selectionCost(selection.selectionSet, definition && getNamedType(definition.type))
          : 0;
        cost += listSize(selection, definition, parentType, variables) * (1 + subfieldsCost);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        cost += selectionCost(
          selection.selectionSet,
          selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType,
        );
      } else {
        cost += fragmentCost(selection.name.value);
      }
    }
    return cost;
  }

  return selectionCost(operation.selectionSet, schema.getRootType(operation.operation));
}

function listSize(
  field: FieldNode,
  definition: AnyField | undefined,
  parentType: GraphQLNamedType | null | undefined,
  variables: Variables,
): number {
  if (!definition) return 1;
  if (definition.args.some((argument) => argument.name === 'first' || argument.name === 'last')) return pageSize(field, variables);
  if (isConnectionType(parentType)) return 1;
  return isListType(getNullableType(definition.type)) ? COST_LIST_SIZES.defaultListSize : 1;
}

function pageSize(field: FieldNode, variables: Variables): number {
  const requested = ['first', 'last'].map((name) => intArgument(field, name, variables)).filter((size) => size !== undefined);
  const size = requested.length > 0 ? Math.max(...requested) : COST_LIST_SIZES.defaultPageSize;
  return Math.min(Math.max(size, 0), COST_LIST_SIZES.maxPageSize);
}

function intArgument(field: FieldNode, name: string, variables: Variables): number | undefined {
  const value = field.arguments?.find((argument) => argument.name.value === name)?.value;
  if (value?.kind === Kind.INT) return Number(value.value);
  const given = value?.kind === Kind.VARIABLE ? variables[value.name.value] : undefined;
  return typeof given === 'number' ? given : undefined;
}

/** The operation's integer variable defaults, which apply when the request leaves a variable out. */
function variableDefaults(operation: OperationDefinitionNode): Record<string, number> {
  const defaults: Record<string, number> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue?.kind === Kind.INT) defaults[definition.variable.name.value] = Number(definition.defaultValue.value);
  }
  return defaults;
}

function isConnectionType(type: GraphQLNamedType | null | undefined): boolean {
  return isObjectType(type) && 'edges' in type.getFields() && 'pageInfo' in type.getFields();
}

function fieldDefinition(schema: GraphQLSchema, parentType: GraphQLNamedType | null | undefined, name: string): AnyField | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (parentType && parentType === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  return isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[name] : undefined;
}
