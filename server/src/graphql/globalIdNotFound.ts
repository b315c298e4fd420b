import SchemaBuilder, { BasePlugin, PothosValidationError, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import { decodeGlobalID } from '@pothos/plugin-relay';
import type { GraphQLFieldResolver } from 'graphql';
import { notFoundError } from '../errors.ts';

/**
 * The one mapping of an id that names nothing: an argument declared `t.arg.globalID({ for: [SomeRef] })`
 * that is not a global id, or names another type, answers the same NotFoundError as an id of
 * another customer's object would from the service (the errors plugin, listed before this one,
 * then returns it as the field's typed error).
 */
export class GlobalIdNotFoundPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapArgMappers(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const idArguments = globalIdArguments(fieldConfig);
    if (idArguments.length === 0) return resolver;
    return async (parent, args, context, info) => {
      try {
        return await resolver(parent, args, context, info);
      } catch (error) {
        if (!(error instanceof PothosValidationError)) throw error;
        const unknown = idArguments.find(({ name, typenames }) => !namesOneOf((args as Record<string, unknown>)[name], typenames));
        if (!unknown) throw error;
        throw notFoundError(unknown.typenames[0] ?? 'Object');
      }
    };
  }
}

interface GlobalIdArgument {
  name: string;
  typenames: string[];
}

function globalIdArguments<Types extends SchemaTypes>(fieldConfig: PothosOutputFieldConfig<Types>): GlobalIdArgument[] {
  return Object.entries(fieldConfig.args).flatMap(([name, argument]) => {
    const targets = argument.extensions?.relayGlobalIDFor as Array<{ typename: string }> | undefined;
    return Array.isArray(targets) ? [{ name, typenames: targets.map(({ typename }) => typename) }] : [];
  });
}

/** True when the value (or each of a list's values) is a global id of one of the typenames; absent counts as fine. */
function namesOneOf(value: unknown, typenames: string[]): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.every((item) => namesOneOf(item, typenames));
  try {
    return typenames.includes(decodeGlobalID(String(value)).typename);
  } catch {
    return false;
  }
}

// Pothos registers plugins by declaration merging into its global namespace.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      globalIdNotFound: GlobalIdNotFoundPlugin<Types>;
    }
  }
}

const pluginName = 'globalIdNotFound';
SchemaBuilder.registerPlugin(pluginName, GlobalIdNotFoundPlugin);

export default pluginName;
