import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCost } from '../../i18n/format.ts';
import { seriousViolations } from '../../test/axe.ts';
import { toaster } from '../../ui/toaster.tsx';
import { BOT_ID, crawl, operationNamed, pushEvent, renderTab, resolveOperation } from './knowledgeTestKit.tsx';
import { WebsiteTab } from './WebsiteTab.tsx';

async function renderWebsite(crawls: ReturnType<typeof crawl>[] = [], allowedCrawlSchedules = ['OFF', 'DAILY', 'WEEKLY']) {
  const environment = renderTab(<WebsiteTab botId={BOT_ID} />);
  await resolveOperation(environment, 'CrawlHistoryQuery', {
    Node: () => ({ __typename: 'Bot', id: BOT_ID }),
    Bot: () => ({ id: BOT_ID, allowedCrawlSchedules, webSources: crawls }),
  });
  return environment;
}

const urlField = () => screen.getByLabelText('Website URL') as HTMLInputElement;
const singlePage = () => screen.getByRole('button', { name: 'Single page' }) as HTMLButtonElement;
const entireSite = () => screen.getByRole('button', { name: 'Entire site' }) as HTMLButtonElement;

// The toaster outlives each test's render: start every test without the last one's toasts.
afterEach(() => {
  toaster.remove();
});

describe('the Website Url tab', () => {
  it("validates the URL with the spec's three messages and enables the crawl buttons only when valid", async () => {
    await renderWebsite();
    await screen.findByText('No crawls yet');
    expect(singlePage().disabled).toBe(true);
    expect(entireSite().disabled).toBe(true);

    fireEvent.blur(urlField());
    expect(screen.getByText('Missing URL')).toBeTruthy();
    expect(screen.getByText(/Please enter a valid website URL\./)).toBeTruthy();

    fireEvent.change(urlField(), { target: { value: 'www.example.com' } });
    expect(screen.getByText('Invalid URL')).toBeTruthy();
    expect(screen.getByText(/including http\/https/)).toBeTruthy();
    expect(singlePage().disabled).toBe(true);

    fireEvent.change(urlField(), { target: { value: 'ftp://example.com' } });
    expect(screen.getByText('Invalid URL')).toBeTruthy();

    fireEvent.change(urlField(), { target: { value: 'https://example.com/about' } });
    expect(screen.getByText('Valid URL')).toBeTruthy();
    expect(screen.getByText(/Website URL looks good!/)).toBeTruthy();
    expect(singlePage().disabled).toBe(false);
    expect(entireSite().disabled).toBe(false);

    // A private address is not called good: the crawl would refuse it (unless the installation allows its network).
    fireEvent.change(urlField(), { target: { value: 'http://192.168.1.10/intranet' } });
    expect(screen.queryByText(/Website URL looks good!/)).toBeNull();
    expect(screen.getByText('Private address')).toBeTruthy();
    expect(singlePage().disabled).toBe(false);
  });

  it('starts a crawl of the entire site, then follows its progress to completion', async () => {
    const environment = await renderWebsite([crawl('w0', 'https://old.example.com', 'completed', { maxDepth: 0, itemsCount: 1 })]);
    fireEvent.change(await screen.findByLabelText('Website URL'), { target: { value: ' https://velo.example ' } });
    fireEvent.click(entireSite());

    const mutation = operationNamed(environment, 'useStartCrawlMutation');
    expect(mutation.request.variables).toEqual({ botId: BOT_ID, url: 'https://velo.example', maxDepth: 1 });
    await act(async () => {
      environment.mock.resolve(mutation, {
        data: { startCrawl: crawl('w1', 'https://velo.example', 'pending', { itemsCount: 0, costUsage: 0, scrapedAt: null }) },
      });
    });
    expect(await screen.findByText('Crawl Started')).toBeTruthy();
    expect(screen.getByText('Crawl in progress')).toBeTruthy();
    expect(screen.getAllByText('https://velo.example').length).toBeGreaterThan(0);

    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w1', 'https://velo.example', 'running', { itemsCount: 7, costUsage: 0.0021 }),
    });
    expect(await screen.findByText(/7 pages so far/)).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();

    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w1', 'https://velo.example', 'completed', { itemsCount: 12, costUsage: 0.0036 }),
    });
    expect(await screen.findByText('Crawl Successful')).toBeTruthy();
    expect(screen.getByText('12 pages read from https://velo.example.')).toBeTruthy();
    // The end replaces the start: no "may take several minutes" once it has finished.
    expect(screen.queryByText('Crawl Started')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Crawl in progress')).toBeNull());
    expect(screen.getByText('$0.0036')).toBeTruthy();
  });

  it('shows a crawl that finished before the subscription opened as finished, and says so', async () => {
    const environment = await renderWebsite();
    fireEvent.change(await screen.findByLabelText('Website URL'), { target: { value: 'https://velo.example' } });
    fireEvent.click(singlePage());
    await act(async () => {
      environment.mock.resolve(operationNamed(environment, 'useStartCrawlMutation'), {
        data: { startCrawl: crawl('w1', 'https://velo.example', 'pending', { itemsCount: 0, costUsage: 0, scrapedAt: null }) },
      });
    });
    expect(await screen.findByText('Crawl in progress')).toBeTruthy();
    // The subscription's opening history already has it completed: no running event in between.
    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w1', 'https://velo.example', 'completed', { itemsCount: 1 }),
    });
    expect(await screen.findByText('Crawl Successful')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Crawl in progress')).toBeNull());
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('tells of a new crawl that finished before it could be shown running', async () => {
    const environment = await renderWebsite([crawl('w0', 'https://old.example.com', 'completed', { itemsCount: 1 })]);
    expect(await screen.findByText('https://old.example.com')).toBeTruthy();
    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w2', 'https://fast.example.com', 'completed', { itemsCount: 1 }),
    });
    expect(await screen.findByText('Crawl Successful')).toBeTruthy();
    expect(screen.getByText('1 page read from https://fast.example.com.')).toBeTruthy();
  });

  it('says nothing of the finished crawls the subscription opens with', async () => {
    const environment = await renderWebsite([crawl('w0', 'https://old.example.com', 'completed', { itemsCount: 1 })]);
    expect(await screen.findByText('https://old.example.com')).toBeTruthy();
    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w0', 'https://old.example.com', 'completed', { itemsCount: 1 }),
    });
    expect(screen.queryByText('Crawl Successful')).toBeNull();
  });

  it('crawls a single page at depth 0', async () => {
    const environment = await renderWebsite();
    fireEvent.change(await screen.findByLabelText('Website URL'), { target: { value: 'http://127.0.0.1:4000/faq' } });
    fireEvent.click(singlePage());
    expect(operationNamed(environment, 'useStartCrawlMutation').request.variables.maxDepth).toBe(0);
  });

  it("says Crawl Failed with the server's reason when the crawl cannot start", async () => {
    const environment = await renderWebsite();
    fireEvent.change(await screen.findByLabelText('Website URL'), { target: { value: 'https://velo.example' } });
    fireEvent.click(singlePage());
    await act(async () => {
      environment.mock.resolve(operationNamed(environment, 'useStartCrawlMutation'), {
        data: {
          startCrawl: { __typename: 'ConflictError', __isError: 'ConflictError', message: 'A crawl of this bot is already running.' },
        },
      });
    });
    expect(await screen.findByText('Crawl Failed')).toBeTruthy();
    expect(screen.getByText('A crawl of this bot is already running.')).toBeTruthy();
  });

  it('says Crawl Failed when a watched crawl fails', async () => {
    const environment = await renderWebsite([crawl('w1', 'https://velo.example', 'running', { itemsCount: 2 })]);
    expect(await screen.findByText('Crawl in progress')).toBeTruthy();
    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w1', 'https://velo.example', 'running', { itemsCount: 2 }),
    });
    await pushEvent(environment, 'CrawlHistoryStatusSubscription', {
      crawlStatusChanged: crawl('w1', 'https://velo.example', 'failed', { errorMessage: 'The site did not answer.' }),
    });
    expect(await screen.findByText('Crawl Failed')).toBeTruthy();
    expect(screen.getAllByText('The site did not answer.').length).toBeGreaterThan(0);
  });

  it('shows the history with pages, scope, cost to 4 decimals and date', async () => {
    await renderWebsite([crawl('w1', 'https://velo.example', 'completed', { itemsCount: 3, costUsage: 0.01234, maxDepth: 1 })]);
    expect(await screen.findByText('https://velo.example')).toBeTruthy();
    expect(screen.getByText('$0.0123')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('Entire site', { selector: 'dd, dd *' })).toBeTruthy();
    expect(screen.getByText(/Nov 20, 2026/)).toBeTruthy();
  });

  it('lists the pages of a crawl', async () => {
    const environment = await renderWebsite([crawl('w1', 'https://velo.example')]);
    fireEvent.click(await screen.findByRole('button', { name: 'View pages of the crawl of https://velo.example' }));
    await resolveOperation(environment, 'CrawlPagesDialogQuery', {
      Node: () => ({ __typename: 'WebSource', id: 'w1' }),
      WebSource: () => ({ id: 'w1' }),
      WebSourcePagesConnection: () => ({
        totalCount: 1,
        edges: [{ cursor: 'p', node: { id: 'p1', url: 'https://velo.example/pricing', title: 'Pricing' } }],
      }),
    });
    expect(await screen.findByText('Pricing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://velo.example/pricing' })).toBeTruthy();
  });

  it('says Failed to load crawl history when the history cannot be fetched', async () => {
    const environment = renderTab(<WebsiteTab botId={BOT_ID} />);
    const query = await waitFor(() => operationNamed(environment, 'CrawlHistoryQuery'));
    await act(async () => {
      environment.mock.reject(query, new Error('Network error'));
    });
    expect(await screen.findByText('Failed to load crawl history')).toBeTruthy();
    expect(screen.getByText('Failed to fetch crawl history')).toBeTruthy();
    expect(urlField()).toBeTruthy();
  });
});

describe('crawl cost formatting', () => {
  it.each([
    [0, 'en', '$0.0000'],
    [0.00005, 'en', '$0.0001'],
    [1.5, 'en', '$1.5000'],
    [0.01234, 'fr', '0,0123\u00a0$US'],
  ])('shows %s dollars in %s as %s', (dollars, language, expected) => {
    expect(formatCost(dollars, language)).toBe(expected);
  });

  it('re-crawls a website on the schedules the plan allows, from its newest crawl, and runs it now', async () => {
    const environment = await renderWebsite(
      [
        crawl('w2', 'https://velo.example', 'completed', { scheduled: true, pagesAdded: 1, pagesChanged: 2, pagesRemoved: 4 }),
        crawl('w1', 'https://velo.example', 'completed'),
        crawl('w0', 'https://velo.example/pricing', 'completed', { maxDepth: 0 }),
      ],
      ['OFF', 'WEEKLY'],
    );
    expect(await screen.findByText('1 added, 2 changed, 4 removed')).toBeTruthy();
    expect(screen.getAllByText('Scheduled')).toHaveLength(1);
    // One schedule per website (url and scope): the two crawls of the whole site share one.
    const schedules = screen.getAllByLabelText('Automatic re-crawl') as HTMLSelectElement[];
    expect(schedules).toHaveLength(2);
    const daily = [...schedules[0]!.options].find((option) => option.value === 'DAILY')!;
    expect(daily.disabled).toBe(true);
    expect(screen.getAllByText('Not in your plan: Every day. Upgrade your plan to refresh more often.')).toHaveLength(2);
    expect(await seriousViolations(document.body)).toEqual([]);

    fireEvent.change(schedules[0]!, { target: { value: 'WEEKLY' } });
    const set = operationNamed(environment, 'CrawlScheduleControlSetMutation');
    expect(set.request.variables).toEqual({ id: 'w2', schedule: 'WEEKLY' });
    await act(async () => {
      environment.mock.resolve(set, { data: { setCrawlSchedule: { __typename: 'WebSource', id: 'w2', crawlSchedule: 'WEEKLY' } } });
    });
    expect(schedules[0]!.value).toBe('WEEKLY');

    fireEvent.click(screen.getByRole('button', { name: 'Run now: crawl https://velo.example again' }));
    const run = operationNamed(environment, 'useStartCrawlMutation');
    expect(run.request.variables).toEqual({ botId: BOT_ID, url: 'https://velo.example', maxDepth: 1 });
    await act(async () => {
      environment.mock.resolve(run, {
        data: { startCrawl: crawl('w3', 'https://velo.example', 'pending', { itemsCount: 0, crawlSchedule: 'WEEKLY' }) },
      });
    });
    expect(await screen.findByText('Crawl Started')).toBeTruthy();
    expect(screen.getByText('Crawl in progress')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Run now: crawl https://velo.example again' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});
