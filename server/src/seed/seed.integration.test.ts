import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { seedDatabase } from './seed.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('seeding a database seeded before plans and templates carried translations', () => {
  it('adds the translations to the seed text as written, never to text an admin changed', async () => {
    const { prisma } = server.platform;
    await prisma.paymentPlan.updateMany({ data: { translations: {} } });
    await prisma.templatePrompt.updateMany({ data: { translations: {} } });
    await prisma.paymentPlan.updateMany({ where: { name: 'Pro' }, data: { description: 'Our own words.' } });
    await prisma.templatePrompt.updateMany({ where: { useCase: 'faq-bot' }, data: { title: 'Questions' } });

    await seedDatabase(prisma, server.platform.config, server.clock);

    const plans = await prisma.paymentPlan.findMany({ where: { name: { in: ['Starter', 'Pro'] } }, orderBy: { name: 'asc' } });
    expect(plans.map((plan) => [plan.name, plan.translations])).toEqual([
      ['Pro', {}],
      ['Starter', { fr: expect.objectContaining({ description: 'Pour un premier assistant sur un petit site.' }) }],
    ]);
    const templates = await prisma.templatePrompt.findMany({ orderBy: { useCase: 'asc' } });
    expect(templates.map((template) => [template.useCase, Object.keys(template.translations as object)])).toEqual([
      ['customer-support', ['fr']],
      ['faq-bot', []],
      ['lead-generation', ['fr']],
    ]);
  });
});
