import type { BillingPeriod, CrawlSchedule, PlanType, PrismaClient } from '../generated/prisma/client.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../platform/clock/index.ts';
import { hashPassword } from '../platform/crypto/index.ts';

interface SeedPlan {
  name: string;
  description: string;
  type: PlanType;
  price: string;
  billingPeriod: BillingPeriod | null;
  botLimit: number | null;
  crawlSchedules: CrawlSchedule[];
  creditAmount: number | null;
  bonusCredits: number;
  isPopular: boolean;
  features: string[];
  translations: { fr: { name: string; description: string; features: string[] } };
}

/** The landing page's plans (monthly subscriptions) and two credit packs at $0.02 a message. */
const SEED_PLANS: SeedPlan[] = [
  {
    name: 'Starter',
    description: 'For a first assistant on a small site.',
    type: 'subscription',
    price: '9.00',
    billingPeriod: 'month',
    botLimit: 3,
    crawlSchedules: ['WEEKLY'],
    creditAmount: null,
    bonusCredits: 0,
    isPopular: false,
    features: ['Up to 3 chatbots', '500MB knowledge base', 'Basic analytics', 'Email support', '2-week free trial'],
    translations: {
      fr: {
        name: 'Starter',
        description: 'Pour un premier assistant sur un petit site.',
        features: [
          'Jusqu’à 3 chatbots',
          'Base de connaissances de 500 Mo',
          'Statistiques de base',
          'Support par e-mail',
          'Essai gratuit de 2 semaines',
        ],
      },
    },
  },
  {
    name: 'Pro',
    description: 'For growing teams with several assistants.',
    type: 'subscription',
    price: '19.00',
    billingPeriod: 'month',
    botLimit: 15,
    crawlSchedules: ['DAILY', 'WEEKLY'],
    creditAmount: null,
    bonusCredits: 0,
    isPopular: true,
    features: ['Up to 15 chatbots', '2GB knowledge base', 'API access', 'White-label', 'Lead capture', '2-week free trial'],
    translations: {
      fr: {
        name: 'Pro',
        description: 'Pour les équipes en croissance avec plusieurs assistants.',
        features: [
          'Jusqu’à 15 chatbots',
          'Base de connaissances de 2 Go',
          'Accès API',
          'Marque blanche',
          'Capture de prospects',
          'Essai gratuit de 2 semaines',
        ],
      },
    },
  },
  {
    name: 'Enterprise',
    description: 'For organisations that need scale and guarantees.',
    type: 'subscription',
    price: '49.00',
    billingPeriod: 'month',
    botLimit: null,
    crawlSchedules: ['DAILY', 'WEEKLY'],
    creditAmount: null,
    bonusCredits: 0,
    isPopular: false,
    features: ['Unlimited chatbots', 'Unlimited storage', '99.9% uptime SLA', 'On-premise option', '2-week free trial'],
    translations: {
      fr: {
        name: 'Enterprise',
        description: 'Pour les organisations qui ont besoin d’échelle et de garanties.',
        features: [
          'Chatbots illimités',
          'Stockage illimité',
          'SLA de disponibilité de 99,9 %',
          'Option sur site',
          'Essai gratuit de 2 semaines',
        ],
      },
    },
  },
  {
    name: '500 message credits',
    description: '500 messages on our AI service, plus 50 bonus messages.',
    type: 'credit',
    price: '10.00',
    billingPeriod: null,
    botLimit: null,
    crawlSchedules: [],
    creditAmount: 500,
    bonusCredits: 50,
    isPopular: false,
    features: ['500 messages', '50 bonus messages', 'No expiry'],
    translations: {
      fr: {
        name: '500 crédits de messages',
        description: '500 messages sur notre service d’IA, plus 50 messages offerts.',
        features: ['500 messages', '50 messages offerts', 'Sans date d’expiration'],
      },
    },
  },
  {
    name: '2,500 message credits',
    description: '2,500 messages on our AI service, plus 500 bonus messages.',
    type: 'credit',
    price: '50.00',
    billingPeriod: null,
    botLimit: null,
    crawlSchedules: [],
    creditAmount: 2500,
    bonusCredits: 500,
    isPopular: true,
    features: ['2500 messages', '500 bonus messages', 'No expiry'],
    translations: {
      fr: {
        name: '2 500 crédits de messages',
        description: '2 500 messages sur notre service d’IA, plus 500 messages offerts.',
        features: ['2 500 messages', '500 messages offerts', 'Sans date d’expiration'],
      },
    },
  },
];

const SEED_TEMPLATES = [
  {
    useCase: 'customer-support',
    title: 'Customer support assistant',
    description: 'Answers customer questions from your help articles and policies, politely and precisely.',
    tag: 'support',
    features: ['24/7 answers', 'Cites your documents', 'Escalates when unsure'],
    promptText:
      'You are a friendly customer support assistant. Answer questions using only the provided knowledge. ' +
      'Be concise and precise, cite where an answer comes from, and when the answer is not in the knowledge, ' +
      'say so and offer to connect the customer with a human.',
    translations: {
      fr: {
        title: 'Assistant de support client',
        description: 'Répond aux questions des clients à partir de vos articles d’aide et de vos politiques, avec politesse et précision.',
        features: ['Réponses 24 h/24, 7 j/7', 'Cite vos documents', 'Passe la main en cas de doute'],
        promptText:
          'Vous êtes un assistant de support client aimable. Répondez aux questions uniquement à partir des connaissances fournies. Soyez concis et précis, indiquez d’où vient chaque réponse et, lorsque la réponse ne figure pas dans les connaissances, dites-le et proposez de mettre le client en relation avec une personne de l’équipe.',
      },
    },
  },
  {
    useCase: 'lead-generation',
    title: 'Lead generation assistant',
    description: 'Qualifies visitors, answers product questions and collects contact details.',
    tag: 'lead',
    features: ['Qualifies visitors', 'Collects contact details', 'Product answers'],
    promptText:
      'You are a helpful sales assistant. Answer product questions from the provided knowledge, ask one ' +
      'qualifying question at a time about the visitor’s needs, and when they show interest, invite them to ' +
      'leave their name and email so the team can follow up. Never invent prices or features.',
    translations: {
      fr: {
        title: 'Assistant de génération de prospects',
        description: 'Qualifie les visiteurs, répond aux questions sur les produits et recueille leurs coordonnées.',
        features: ['Qualifie les visiteurs', 'Recueille les coordonnées', 'Répond sur les produits'],
        promptText:
          'Vous êtes un assistant commercial serviable. Répondez aux questions sur les produits à partir des connaissances fournies, posez une seule question de qualification à la fois sur les besoins du visiteur et, lorsqu’il montre de l’intérêt, invitez-le à laisser son nom et son e-mail pour que l’équipe le recontacte. N’inventez jamais de prix ni de fonctionnalités.',
      },
    },
  },
  {
    useCase: 'faq-bot',
    title: 'FAQ assistant',
    description: 'Gives short, direct answers to frequently asked questions.',
    tag: 'faq',
    features: ['Short answers', 'Instant replies', 'Links to sources'],
    promptText:
      'You answer frequently asked questions. Reply in one to three sentences using only the provided ' +
      'knowledge. If a question is not covered, say that you do not know and suggest contacting support.',
    translations: {
      fr: {
        title: 'Assistant FAQ',
        description: 'Donne des réponses courtes et directes aux questions fréquentes.',
        features: ['Réponses courtes', 'Réponses instantanées', 'Liens vers les sources'],
        promptText:
          'Vous répondez aux questions fréquentes. Répondez en une à trois phrases uniquement à partir des connaissances fournies. Si une question n’est pas couverte, dites que vous ne savez pas et suggérez de contacter le support.',
      },
    },
  },
];

const SEED_LOCK_KEY = 7_240_001;

/**
 * A row seeded before plans and templates carried translations, whose text is still the seed's
 * (`asSeeded`) and which has none: it gets the seed's translations; text an admin changed, never.
 */
async function fillSeedTranslations<Where extends object>(
  rows: { updateMany(args: { where: Where & { translations: { equals: object } }; data: { translations: object } }): Promise<unknown> },
  asSeeded: Where,
  seed: { translations: object },
): Promise<void> {
  await rows.updateMany({ where: { ...asSeeded, translations: { equals: {} } }, data: { translations: seed.translations } });
}

/**
 * Reference data and demo accounts, created at boot when missing and never overwritten, so admin edits
 * survive restarts. Runs under an advisory lock so replicas booting together seed once.
 */
export async function seedDatabase(prisma: PrismaClient, config: Config, clock: Clock): Promise<void> {
  const demoPasswords = config.seed.demoAccounts
    ? { admin: await hashPassword(config.seed.adminPassword), customer: await hashPassword(config.seed.customerPassword) }
    : null;
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      for (const plan of SEED_PLANS) {
        const existing = await tx.paymentPlan.findFirst({ where: { name: plan.name, type: plan.type } });
        if (!existing) await tx.paymentPlan.create({ data: plan });
        else
          await fillSeedTranslations(
            tx.paymentPlan,
            { id: existing.id, description: plan.description, features: { equals: plan.features } },
            plan,
          );
      }
      if ((await tx.templatePrompt.count()) === 0) {
        await tx.templatePrompt.createMany({ data: SEED_TEMPLATES });
      } else {
        for (const template of SEED_TEMPLATES) {
          await fillSeedTranslations(
            tx.templatePrompt,
            { useCase: template.useCase, title: template.title, description: template.description },
            template,
          );
        }
      }
      await tx.creditRate.upsert({
        where: { usageType_unitName: { usageType: 'chat', unitName: 'message' } },
        create: { usageType: 'chat', unitName: 'message', costPerUnit: '1' },
        update: {},
      });
      if (!demoPasswords) return;

      const now = clock.now();
      await tx.user.upsert({
        where: { email: config.seed.adminEmail },
        create: {
          email: config.seed.adminEmail,
          fullName: 'Demo Admin',
          role: 'ADMIN',
          passwordHash: demoPasswords.admin,
          emailVerifiedAt: now,
        },
        update: {},
      });
      const customer = await tx.user.upsert({
        where: { email: config.seed.customerEmail },
        create: {
          email: config.seed.customerEmail,
          fullName: 'Demo Customer',
          passwordHash: demoPasswords.customer,
          emailVerifiedAt: now,
        },
        update: {},
      });
      await tx.billingSettings.upsert({
        where: { userId: customer.id },
        create: { userId: customer.id, planType: 'subscription' },
        update: {},
      });
      const active = await tx.subscription.findFirst({
        where: { userId: customer.id, status: 'active', expiresAt: { gt: now } },
        select: { id: true },
      });
      if (!active) {
        const pro = await tx.paymentPlan.findFirstOrThrow({ where: { name: 'Pro', type: 'subscription' } });
        const expiresAt = new Date(now);
        expiresAt.setUTCMonth(expiresAt.getUTCMonth() + 1);
        await tx.subscription.create({
          data: {
            userId: customer.id,
            planId: pro.id,
            status: 'active',
            amountPaid: pro.price,
            currency: pro.currency,
            billingPeriod: 'month',
            startedAt: now,
            expiresAt,
          },
        });
      }
    },
    { timeout: 30_000 },
  );
}
