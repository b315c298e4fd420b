import { isObjectType, isInterfaceType, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema.ts';

/** The admin's types, which an integrator reads in GraphiQL: every field must say what it is. */
const ADMIN_TYPES = [
  'Admin',
  'AdminOverview',
  'AdminTopBot',
  'Customer',
  'CustomerStats',
  'AdminConfigEntry',
  'PlanStats',
  'WhatsAppAnalytics',
  'WhatsAppLog',
  'SystemEvent',
  'TemplatePrompt',
];
const ADMIN_MUTATIONS = [
  'suspendCustomer',
  'enableCustomer',
  'grantCustomerCredits',
  'sendCustomerEmail',
  'setAdminConfig',
  'createTemplatePrompt',
  'updateTemplatePrompt',
  'deleteTemplatePrompt',
];
const SELF_EXPLAINING = new Set(['id']);

describe('the admin schema documents itself', () => {
  it.each(ADMIN_TYPES)('every field of %s has a description', (name) => {
    const type = schema.getType(name) as GraphQLNamedType;
    expect(isObjectType(type) || isInterfaceType(type)).toBe(true);
    const fields = Object.values((type as { getFields(): Record<string, { name: string; description?: string | null }> }).getFields());
    expect(fields.filter((field) => !SELF_EXPLAINING.has(field.name) && !field.description).map((field) => field.name)).toEqual([]);
  });

  it('describes Query.admin and every admin mutation', () => {
    const mutations = schema.getMutationType()!.getFields();
    const missing = ADMIN_MUTATIONS.filter((name) => !mutations[name]?.description);
    expect(missing).toEqual([]);
    expect(schema.getQueryType()!.getFields().admin!.description).toBeTruthy();
  });
});
