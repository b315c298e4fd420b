import { fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import type { DashboardRouteQuery } from './__generated__/DashboardRouteQuery.graphql.ts';
import { DashboardScreen, dashboardQuery } from './DashboardRoute.tsx';

const QUIET_WEEK = {
  answeredRate: { thisWeek: null, change: null },
  thumbsUpRate: { thisWeek: null, change: null },
  topTopics: [],
};

function renderDashboard(
  dashboard: Record<string, unknown>,
  allowance: 'limited' | 'none' = 'limited',
  answerQuality: Record<string, unknown> = QUIET_WEEK,
) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<DashboardRouteQuery>(environment, dashboardQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      Dashboard: () => dashboard,
      BotAllowance: () => ({ kind: allowance }),
      AnswerQuality: () => answerQuality,
    }),
  );
  return renderRoute(
    <Suspense fallback="loading">
      <DashboardScreen queryRef={queryRef} />
    </Suspense>,
    {
      environment,
      routes: [
        { path: '/editor', element: <p>new bot editor</p> },
        { path: '/billing', element: <p>billing screen</p> },
      ],
    },
  );
}

const NEW_ACCOUNT = {
  totalBots: 0,
  botsChange: 0,
  totalConversations: 0,
  conversationsChange: 0,
  avgResponseTime: 0,
  avgResponseTimeChange: 0,
  recentActivity: [],
  topBots: [],
};

describe('DashboardScreen', () => {
  it("shows this week's answered and thumbs-up rates against last week, and the most asked topics", async () => {
    renderDashboard(NEW_ACCOUNT, 'limited', {
      answeredRate: { thisWeek: 0.8, change: 12.5 },
      thumbsUpRate: { thisWeek: 0.5, change: null },
      topTopics: [{ question: 'Do you ship to Canada?', count: 3, previousCount: 1 }],
    });
    expect(await screen.findByText('80%')).toBeTruthy();
    expect(screen.getByText('+12.5 pts from last week').getAttribute('data-tone')).toBe('positive');
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('No answers the week before')).toBeTruthy();
    expect(screen.getByText('Do you ship to Canada?')).toBeTruthy();
    expect(screen.getByText('3 times (last week 1)')).toBeTruthy();
  });

  it('says when no visitor was answered this week', async () => {
    renderDashboard(NEW_ACCOUNT);
    expect(await screen.findAllByText('No answers this week')).toHaveLength(2);
    expect(screen.getByText('No questions this week yet.')).toBeTruthy();
  });

  it('shows the three cards with their change figures, the activity and the top bots', async () => {
    renderDashboard({
      totalBots: 4,
      botsChange: 25,
      totalConversations: 1200,
      conversationsChange: -3.5,
      avgResponseTime: 1.24,
      avgResponseTimeChange: 0,
      recentActivity: [{ event: 'Bot Support deployed', level: 'success', timestamp: '2026-11-20T10:00:00Z', category: 'bot' }],
      topBots: [{ bot: 'b1', name: 'Support', conversations: 42 }],
    });
    expect(await screen.findByText('4')).toBeTruthy();
    expect(screen.getByText('+25.0% from last month')).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
    expect(screen.getByText('-3.5% from last month')).toBeTruthy();
    expect(screen.getByText('1.2 s')).toBeTruthy();
    expect(screen.getByText('0.0% from last month').getAttribute('data-tone')).toBe('neutral');
    expect(screen.getByText('+25.0% from last month').getAttribute('data-tone')).toBe('positive');
    expect(screen.getByText('Bot Support deployed')).toBeTruthy();
    expect(screen.getByText('Support')).toBeTruthy();
    expect(screen.getByText('42 conversations')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Create your first chatbot' })).toBeNull();
  });

  it('says "New this month" for growth from nothing, as the admin overview does', async () => {
    renderDashboard({
      totalBots: 2,
      botsChange: null,
      totalConversations: 0,
      conversationsChange: 0,
      avgResponseTime: 0,
      avgResponseTimeChange: 0,
      recentActivity: [],
      topBots: [],
    });
    expect(await screen.findByText('New this month')).toBeTruthy();
    expect(screen.queryByText(/\+100/)).toBeNull();
  });

  it('shows empty states for a new account', async () => {
    renderDashboard(NEW_ACCOUNT);
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
    expect(screen.getByText('No conversations yet.')).toBeTruthy();
    // A customer without a bot is shown where to start.
    expect(screen.getByRole('heading', { name: 'Create your first chatbot' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create chatbot' }));
    expect(await screen.findByText('new bot editor')).toBeTruthy();
  });

  it('leads a new account without a plan to billing instead of an editor that could not save', async () => {
    renderDashboard(NEW_ACCOUNT, 'none');
    expect(await screen.findByRole('heading', { name: 'Create your first chatbot' })).toBeTruthy();
    expect(screen.getByText('No plan found. Please purchase a plan to create chatbots.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create chatbot' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(await screen.findByText('billing screen')).toBeTruthy();
  });
});
