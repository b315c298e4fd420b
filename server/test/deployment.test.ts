import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENVIRONMENT_VARIABLES, loadConfig } from '../src/config.ts';
import { chromaServerConfig } from '../src/platform/vectors/localChroma.ts';

// Images cannot be built or pulled here: what can be checked is that the compose file and the
// Dockerfile describe this repository and a configuration the server accepts.
const root = fileURLToPath(new URL('../..', import.meta.url));
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      command?: string[];
      environment?: Record<string, string>;
      depends_on?: object;
      volumes?: string[];
    }
  >;
};

/** `${NAME:-default}` as compose resolves it with NAME unset; `${NAME:?message}` gets `required`. */
function resolveVariables(value: string, required: string): string {
  return value.replace(
    /\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g,
    (_match, _name: string, fallback: string | undefined) => fallback ?? required,
  );
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, Redis, Chroma, two API replicas and one worker', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'chroma', 'postgres', 'redis', 'worker']);
    expect(compose.services.worker!.command).toEqual(['node', 'server/dist/worker.js']);
    for (const name of ['api-1', 'api-2', 'worker']) {
      expect(compose.services[name]!.build).toBe('.');
      expect(Object.keys(compose.services[name]!.depends_on ?? {}).sort()).toEqual(['chroma', 'postgres', 'redis']);
    }
  });

  it('gives the app only variables the server reads, in values it accepts, on the shared services', () => {
    const environment = compose.services['api-1']!.environment!;
    expect(Object.keys(environment).filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
    const resolved = resolvedEnvironment('api-1');
    const config = loadConfig(resolved);
    expect(config).toMatchObject({ databaseUrl: 'postgres://chatbot:chatbot@postgres:5432/chatbot', redisUrl: 'redis://redis:6379' });
    expect(resolved.CHROMA_URL).toBe('http://chroma:8000');
  });

  it('leaves the queued jobs to the worker: the replicas do not run them, the worker does', () => {
    const runJobs = (name: string) => loadConfig(resolvedEnvironment(name)).runJobs;
    expect(['api-1', 'api-2', 'worker'].map(runJobs)).toEqual([false, false, true]);
  });

  it("runs Chroma on the local Chroma's configuration, its data in its volume", () => {
    const mount = compose.services.chroma!.volumes!.find((volume) => volume.endsWith(':/config.yaml:ro'));
    expect(mount).toBe('./docker/chroma.yaml:/config.yaml:ro');
    expect(compose.services.chroma!.volumes).toContain('chroma:/data');
    const file = readFileSync(path.join(root, 'docker/chroma.yaml'), 'utf8');
    expect(parse(file)).toEqual(parse(chromaServerConfig({ persistPath: '/data', listenAddress: '0.0.0.0', port: 8000 })));
    expect(new URL(resolvedEnvironment('api-1').CHROMA_URL!).port).toBe('8000');
  });

  it('passes `docker compose config` where the compose plugin is installed', () => {
    const check = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (check.status !== 0) return;
    const config = spawnSync('docker', ['compose', 'config', '--quiet'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, APP_SECRET: 'a-long-random-secret-for-the-test' },
    });
    expect(config.stderr).toBe('');
    expect(config.status).toBe(0);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  it('copies files this repository has, and starts the server as npm start does', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1]!.split(' '));
    expect(copied.filter((file) => file !== '.' && !existsSync(path.join(root, file)))).toEqual([]);
    const serverScripts = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8')).scripts as Record<string, string>;
    expect(serverScripts.start).toBe('node dist/main.js');
    expect(dockerfile).toContain('CMD ["node", "server/dist/main.js"]');
  });
});

/** A service's environment as the server would receive it, with APP_SECRET given as the operator must. */
function resolvedEnvironment(service: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(compose.services[service]!.environment!).map(([name, value]) => [
      name,
      resolveVariables(String(value), 'a-long-random-secret-for-the-test'),
    ]),
  );
}
