import { describe, expect, it } from 'vitest';
import {
  createInput,
  editInput,
  newPlanDraft,
  parseBotLimit,
  parsePrice,
  parseWidgetLimit,
  problemsOf,
  type PlanDraft,
} from './planForm.ts';

const draft = (patch: Partial<PlanDraft>): PlanDraft => ({ ...newPlanDraft(), name: 'Team', price: '19', features: ['Chat'], ...patch });

describe('the plan form rules', () => {
  it.each([
    ['19', 19],
    ['$19.99', 19.99],
    [' 19.5 $', 19.5],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['', null],
    ['1e3', null],
  ])('reads the price %j as %j', (text, price) => {
    expect(parsePrice(text)).toBe(price);
  });

  it.each([
    ['', null],
    [' 5 ', 5],
    ['0', undefined],
    ['2.5', undefined],
    ['ten', undefined],
  ])('reads the bot limit %j as %j (null: unlimited, undefined: invalid)', (text, limit) => {
    expect(parseBotLimit(text)).toBe(limit);
  });

  it.each([
    ['', null],
    [' 600 ', 600],
    ['1', 1],
    ['1000000', 1_000_000],
    ['1000001', undefined],
    ['0', undefined],
    ['2.5', undefined],
    ['fast', undefined],
  ])('reads the widget messages per minute %j as %j (null: the platform default, undefined: invalid)', (text, limit) => {
    expect(parseWidgetLimit(text)).toBe(limit);
  });

  it.each<[string, Partial<PlanDraft>, Record<string, string>]>([
    ['a valid subscription plan', {}, {}],
    ['no name', { name: '  ' }, { name: 'nameRequired' }],
    ['only blank features', { features: ['', '  '] }, { features: 'featuresRequired' }],
    ['a fractional bot limit', { botLimit: '1.5' }, { botLimit: 'botLimitInvalid' }],
    ['a zero widget limit', { widgetMessagesPerMinute: '0' }, { widgetMessagesPerMinute: 'widgetLimitInvalid' }],
    ['a credit plan with a stray widget limit (ignored)', { planType: 'credit', creditAmount: '500', widgetMessagesPerMinute: 'x' }, {}],
    ['a credit plan without credits', { planType: 'credit' }, { creditAmount: 'creditAmountInvalid' }],
    ['a credit plan with a stray bot limit (ignored)', { planType: 'credit', creditAmount: '500', botLimit: 'x' }, {}],
  ])('finds the problems of %s', (_case, patch, problems) => {
    expect(problemsOf(draft(patch))).toEqual(problems);
  });

  it('sends the billing period, bot limit, widget limit and re-crawl schedules for subscriptions only, the credit amount for credit plans only', () => {
    expect(
      createInput(
        draft({ botLimit: '3', billingPeriod: 'week', creditAmount: '9', widgetMessagesPerMinute: '600', crawlSchedules: ['WEEKLY'] }),
      ),
    ).toEqual({
      name: 'Team',
      description: '',
      price: '19',
      features: ['Chat'],
      botLimit: 3,
      widgetMessagesPerMinute: 600,
      crawlSchedules: ['WEEKLY'],
      planType: 'subscription',
      billingPeriod: 'week',
    });
    expect(editInput(draft({ widgetMessagesPerMinute: ' ' }))).toMatchObject({ widgetMessagesPerMinute: null });
    expect(
      createInput(
        draft({
          planType: 'credit',
          creditAmount: '500',
          botLimit: '3',
          widgetMessagesPerMinute: '600',
          crawlSchedules: ['DAILY'],
          features: [' Chat ', ''],
        }),
      ),
    ).toEqual({
      name: 'Team',
      description: '',
      price: '19',
      features: ['Chat'],
      creditAmount: 500,
      planType: 'credit',
    });
    expect(editInput(draft({ planType: 'credit', creditAmount: '50' }))).not.toHaveProperty('planType');
  });
});
