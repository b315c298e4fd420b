import { describe, expect, it } from 'vitest';
import { allowanceOf, type BotStanding } from './rules.ts';
import { Decimal } from './decimal.ts';
import {
  DEFAULT_TRIAL_CREDITS,
  isTrialCharge,
  trialChargeDescription,
  trialCreditsLeft,
  trialCreditsSetting,
  trialDaysLeft,
  trialEnd,
  trialMailbox,
  trialPlanFor,
  trialView,
} from './trial.ts';

const DAY_MS = 86_400_000;
const start = new Date('2026-03-01T10:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);

describe('trial length', () => {
  it('ends 14 days after it starts', () => {
    expect(trialEnd(start)).toEqual(new Date('2026-03-15T10:00:00.000Z'));
  });

  it.each([
    ['at the start', 0, 14],
    ['an hour in', 1 / 24, 14],
    ['a day in', 1, 13],
    ['half a day before the end', 13.5, 1],
    ['a minute before the end', 14 - 1 / 1440, 1],
    ['at the end', 14, 0],
    ['a week after the end', 21, 0],
  ])('counts the days left %s', (_case, days, left) => {
    expect(trialDaysLeft(trialEnd(start), at(days))).toBe(left);
  });
});

describe('trial credits', () => {
  const trial = (credits: number, used: number) => ({
    trialCredits: new Decimal(credits),
    trialCreditsUsed: new Decimal(used),
    expiresAt: trialEnd(start),
  });

  it.each([
    ['none used', trial(50, 0), at(1), 50],
    ['some used', trial(50, 12.5), at(1), 37.5],
    ['all used', trial(50, 50), at(1), 0],
    ['more used than given (never below 0)', trial(50, 51), at(1), 0],
    ['after the end (they vanish with the trial)', trial(50, 10), at(14), 0],
  ])('leaves the right amount: %s', (_case, row, now, left) => {
    expect(trialCreditsLeft(row, now).toNumber()).toBe(left);
  });

  it.each([
    [undefined, DEFAULT_TRIAL_CREDITS],
    ['0', 0],
    ['75', 75],
    ['100000', 100_000],
    ['100001', DEFAULT_TRIAL_CREDITS],
    ['-3', DEFAULT_TRIAL_CREDITS],
    ['2.5', DEFAULT_TRIAL_CREDITS],
    ['lots', DEFAULT_TRIAL_CREDITS],
  ])('reads the stored setting %j as %d', (stored, credits) => {
    expect(trialCreditsSetting(stored)).toBe(credits);
  });

  it('marks a charge paid from trial credits so that its refund goes back there', () => {
    const description = trialChargeDescription('Answer by Ava');
    expect(description).toBe('Answer by Ava (trial credits)');
    expect(isTrialCharge(description)).toBe(true);
    expect(isTrialCharge('Answer by Ava')).toBe(false);
  });
});

describe('the trial plan', () => {
  const starter = { id: 'p-starter', name: 'Starter', price: new Decimal(9) };
  const pro = { id: 'p-pro', name: ' Pro ', price: new Decimal(19) };
  const enterprise = { id: 'p-enterprise', name: 'Enterprise', price: new Decimal(49) };
  const plans = [enterprise, pro, starter];

  it.each([
    ['a plan name in any case', plans, 'PRO', pro],
    ['a plan name with spaces', plans, '  enterprise ', enterprise],
    ['a plan id', plans, 'p-enterprise', enterprise],
    ['nothing: Starter', plans, undefined, starter],
    ['an empty text: Starter', plans, '', starter],
    ['an unknown plan: Starter', plans, 'platinum', starter],
    ['an inactive plan (not listed): Starter', [starter, pro], 'Enterprise', starter],
    ['no Starter on sale: the cheapest', [enterprise, pro], 'platinum', pro],
    ['no plan on sale: none', [], 'pro', null],
  ])('takes %s', (_case, onSale, wanted, chosen) => {
    expect(trialPlanFor(onSale, wanted)).toBe(chosen);
  });
});

describe('the trial as customers see it', () => {
  const row = {
    planId: 'p-pro',
    plan: { name: 'Pro', botLimit: 15 },
    startedAt: start,
    expiresAt: trialEnd(start),
    trialCredits: new Decimal(50),
    trialCreditsUsed: new Decimal(20),
  } as unknown as Parameters<typeof trialView>[0];

  it('runs with days and credits left', () => {
    expect(trialView(row, at(3))).toEqual({
      planId: 'p-pro',
      planName: 'Pro',
      botLimit: 15,
      startedAt: start,
      endsAt: trialEnd(start),
      daysLeft: 11,
      ended: false,
      credits: 50,
      creditsUsed: 20,
      creditsLeft: 30,
    });
  });

  it('has ended once its 14 days are over', () => {
    expect(trialView(row, at(15))).toMatchObject({ daysLeft: 0, ended: true, creditsLeft: 0 });
  });
});

describe('the bot allowance', () => {
  const cases: [string, BotStanding, ReturnType<typeof allowanceOf>][] = [
    ['nothing at all', { mode: 'credit', hasCredits: false }, { kind: 'none' }],
    ['a running Starter trial', { mode: 'credit', hasCredits: false, trialPlanLimit: 3 }, { kind: 'limited', limit: 3 }],
    ['a running Enterprise trial', { mode: 'subscription', hasCredits: false, trialPlanLimit: null }, { kind: 'unlimited' }],
    [
      'a paid Pro plan during a Starter trial',
      { mode: 'subscription', hasCredits: false, paidPlanLimit: 15, trialPlanLimit: 3 },
      { kind: 'limited', limit: 15 },
    ],
    ['credits during a Starter trial (credit mode)', { mode: 'credit', hasCredits: true, trialPlanLimit: 3 }, { kind: 'unlimited' }],
    ['credits in subscription mode without a plan or trial', { mode: 'subscription', hasCredits: true }, { kind: 'none' }],
    ['a paid plan in credit mode without credits', { mode: 'credit', hasCredits: false, paidPlanLimit: 3 }, { kind: 'limited', limit: 3 }],
    ['credits in credit mode', { mode: 'credit', hasCredits: true }, { kind: 'unlimited' }],
    ['a paid unlimited plan', { mode: 'subscription', hasCredits: false, paidPlanLimit: null }, { kind: 'unlimited' }],
  ];

  it.each(cases)('gives %s', (_case, standing, allowance) => {
    expect(allowanceOf(standing)).toEqual(allowance);
  });
});

describe('trial mailbox', () => {
  it.each([
    ['lower-cases the address', 'Ada@Example.org', 'ada@example.org'],
    ['drops a +tag anywhere', 'ada+trial@example.org', 'ada@example.org'],
    ['drops everything after the first +', 'ada+x+y@example.org', 'ada@example.org'],
    ['keeps dots outside Gmail', 'a.b@example.org', 'a.b@example.org'],
    ['drops dots at Gmail', 'a.b@gmail.com', 'ab@gmail.com'],
    ['folds googlemail.com into gmail.com', 'A.B+y@GoogleMail.com', 'ab@gmail.com'],
    ['trims spaces', '  ab@gmail.com ', 'ab@gmail.com'],
    ['keeps a subdomain of gmail.com apart', 'a.b@mail.gmail.com', 'a.b@mail.gmail.com'],
  ])('%s', (_case, email, mailbox) => {
    expect(trialMailbox(email)).toBe(mailbox);
  });

  it('gives the variants of one Gmail mailbox one key', () => {
    expect(new Set(['a.b@gmail.com', 'ab+x@gmail.com', 'A.B+y@GoogleMail.com'].map(trialMailbox))).toEqual(new Set(['ab@gmail.com']));
  });
});
