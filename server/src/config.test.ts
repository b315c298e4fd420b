import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'chatbot-config-'));

describe('loadConfig', () => {
  it('runs on the embedded default with nothing set', () => {
    const directory = dataDir();
    const config = loadConfig({ DATA_DIR: directory });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: directory,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      chromaUrl: undefined,
      trustProxy: false,
      runJobs: true,
      crawl: { allowPrivateNetworks: false },
      seed: { demoAccounts: true, adminEmail: 'admin@example.com', customerEmail: 'customer@example.com' },
    });
  });

  it.each([
    ['runs jobs by default', {}, true],
    ['leaves them to the workers on an API replica', { RUN_JOBS: 'false', REDIS_URL: 'redis://127.0.0.1:6379' }, false],
  ])('%s', (_case, environment, runJobs) => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...environment }).runJobs).toBe(runJobs);
  });

  it.each([
    ["keeps BullMQ's own job lock unless JOB_LOCK_MS is set", {}, undefined],
    ['shortens it for the fault tests', { JOB_LOCK_MS: '2000' }, 2000],
  ])('%s', (_case, environment, jobLockMs) => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...environment }).jobLockMs).toBe(jobLockMs);
  });

  it('refuses a job lock under a second, which workers could not renew in time', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOB_LOCK_MS: '10' })).toThrow(/JOB_LOCK_MS/);
  });

  it('refuses RUN_JOBS=false without Redis: nothing would ever run the jobs', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), RUN_JOBS: 'false' })).toThrow(/RUN_JOBS: false needs REDIS_URL/);
  });

  it('generates APP_SECRET once into DATA_DIR and reuses it', () => {
    const directory = dataDir();
    const first = loadConfig({ DATA_DIR: directory }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(directory, 'app-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: directory }).appSecret).toBe(first);
  });

  it('resolves a relative DATA_DIR against the directory npm was started from', () => {
    const base = dataDir();
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: base }).dataDir).toBe(path.join(base, 'data'));
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ CRAWL_ALLOW_PRIVATE_NETWORKS: 'maybe' }, /CRAWL_ALLOW_PRIVATE_NETWORKS/],
    [{ SEED_ADMIN_EMAIL: 'nobody' }, /SEED_ADMIN_EMAIL/],
    [{ NODE_ENV: 'production' }, /APP_SECRET: required when NODE_ENV=production/],
  ])('refuses %j with a message naming the variable', (environment, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment })).toThrow(message);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
  ])('reads the boolean %s as %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO_ACCOUNTS: value }).seed.demoAccounts).toBe(expected);
  });

  it('strips a trailing slash from PUBLIC_URL and treats empty optional values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://bots.example.com/', REDIS_URL: '', CHROMA_URL: '' });
    expect(config.publicUrl).toBe('https://bots.example.com');
    expect(config.redisUrl).toBeUndefined();
    expect(config.chromaUrl).toBeUndefined();
  });
});
