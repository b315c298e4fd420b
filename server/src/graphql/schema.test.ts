import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInterfaceType, isObjectType, isScalarType, type GraphQLField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printSortedSchema, schema } from './schema.ts';

const committedSchema = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema.graphql');

function declaresScopes(options: unknown): boolean {
  return typeof options === 'object' && options !== null && 'authScopes' in options;
}

describe('GraphQL schema', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` after changing the schema)', () => {
    expect(readFileSync(committedSchema, 'utf8')).toBe(printSortedSchema());
  });

  it('declares auth scopes on every field of every object type, on the field or on its type', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !isObjectType(type)) continue;
      if (type.name === 'PageInfo' || type.name.endsWith('Edge') || type.name.endsWith('Connection')) continue;
      const typeOptions = type.extensions?.pothosOptions;
      for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
        if (field.name === 'id' && type.getInterfaces().some((iface) => iface.name === 'Node')) continue;
        const fieldOptions = field.extensions?.pothosOptions;
        // Result unions wrap fields that declared their own scopes; their success types only carry data.
        if (type.name.endsWith('Success') && declaresScopes(typeOptions)) continue;
        // Scopes declared on a type guard each of its fields (scope-auth runs them for every field).
        if (!declaresScopes(fieldOptions) && !declaresScopes(typeOptions)) missing.push(`${type.name}.${field.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('implements the Relay Node interface', () => {
    const node = schema.getType('Node');
    expect(node && isInterfaceType(node)).toBe(true);
    expect(schema.getQueryType()?.getFields().node).toBeDefined();
  });
});

describe('DateTime scalar', () => {
  const dateTime = schema.getType('DateTime');
  if (!isScalarType(dateTime)) throw new Error('DateTime is not a scalar');

  it('writes an instant as its ISO 8601 string in UTC', () => {
    expect(dateTime.serialize(new Date(Date.UTC(2026, 10, 1, 9, 30)))).toBe('2026-11-01T09:30:00.000Z');
  });

  it.each([
    ['2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-01T01:00:00+01:00', '2026-11-01T00:00:00.000Z'],
  ])('reads %j as the instant %j', (input, instant) => {
    expect((dateTime.parseValue(input) as Date).toISOString()).toBe(instant);
  });

  it.each(['2026-11-01', '2026-11-01T00:00:00', 'yesterday', 1_700_000_000_000])('refuses %j, which is no RFC 3339 instant', (input) => {
    expect(() => dateTime.parseValue(input)).toThrow(/DateTime cannot represent/);
  });
});
