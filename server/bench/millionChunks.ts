// Issue #40: a million chunks ingested through the server's own pipeline (upload, parse, split,
// embed, write) on a server run as the process benches run it (a child process, from the sources),
// with its memory (RSS) sampled throughout. Documents of 9.5 MB, each different, are uploaded to one
// bot with a few in flight until the bot holds BENCH_INGEST_CHUNKS chunks (1,000,000 by default);
// then 20 of them are asked about their last page, which only its numbers tell from the others'.
// PostgreSQL is BENCH_DATABASE_URL's server (a new database there, dropped afterwards). Progress goes
// to stderr: at this size the row takes about half an hour.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { handbookText, MiB } from '../test/documentFixtures.ts';
import { api } from '../test/harness.ts';
import { uploadDocument } from '../test/knowledge.ts';
import { percentile } from './embeddedDatabase.ts';
import type { BenchRow } from './knowledge.ts';
import { settledDocument } from './largeDocument.ts';
import { median, round, runningProcesses, startBenchServerProcess } from './throughput.ts';

const DEFAULT_CHUNKS = 1_000_000;
const DOCUMENT_BYTES = 9.5 * MiB;
const RSS_GOAL_MIB = 1024;
/** Uploads waiting or in processing at once: the server processes two at a time, one more keeps it busy. */
const IN_FLIGHT = 3;
const RSS_SAMPLE_MS = 500;
const TOKEN_REFRESH_MS = 10 * 60_000;
const QUESTIONS = 20;

/** Resident memory of a process in MiB, from /proc; NaN once it is gone. */
function rssMiB(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const lastPageOf = (index: number) =>
  `Closing notes of volume ${index}. The volume ${index} archive room opens with badge code ${7_000 + index}.`;

export async function benchMillionChunks(): Promise<BenchRow[]> {
  const target = Number(process.env.BENCH_INGEST_CHUNKS) || DEFAULT_CHUNKS;
  const server = await startBenchServerProcess('postgres', { name: 'million-chunks' });
  const serverPid = server.child.pid!;
  const chromaPid = () => runningProcesses().find((process) => process.ppid === serverPid && process.command.includes('chroma'))?.pid;
  const peaks = { server: 0, chroma: 0 };
  let sampling = true;
  const sampler = (async () => {
    // Chroma's process is looked for in /proc only until found, and again if it is restarted.
    let chroma: number | undefined;
    while (sampling) {
      peaks.server = Math.max(peaks.server, rssMiB(serverPid) || 0);
      let chromaRss = chroma === undefined ? NaN : rssMiB(chroma);
      if (Number.isNaN(chromaRss)) {
        chroma = chromaPid();
        chromaRss = chroma === undefined ? NaN : rssMiB(chroma);
      }
      peaks.chroma = Math.max(peaks.chroma, chromaRss || 0);
      await sleep(RSS_SAMPLE_MS);
    }
  })();
  try {
    // Access tokens last 15 minutes and the row lasts longer: signed in again every 10, as a client refreshes.
    let session = { token: '', at: -Infinity };
    const token = async () => {
      if (performance.now() - session.at > TOKEN_REFRESH_MS) {
        const login = await api(server, 'POST', '/users/login', {
          body: { email: 'customer@example.com', password: 'customer-demo-2026' },
        });
        session = { token: login.body.access_token, at: performance.now() };
      }
      return session.token;
    };
    const bot = await api(server, 'POST', '/bots/save', {
      token: await token(),
      body: { name: 'Archive bot', displayName: 'Arch', useCase: 'customer-support', description: 'Answers from the archive' },
    });
    const started = performance.now();
    let chunks = 0;
    let documents = 0;
    let next = 0;
    const ingestOne = async (index: number) => {
      // A different size seeds different sentences, so no two documents share their chunks.
      const text = handbookText(DOCUMENT_BYTES - index * 97, lastPageOf(index));
      const uploaded = await uploadDocument(server, await token(), bot.body.id, `volume-${index}.txt`, text);
      if (uploaded.status !== 201) throw new Error(`upload ${index} answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
      const document = await settledDocument(server, token, uploaded.body.id);
      if (document.status !== 'completed') throw new Error(`volume ${index} failed: ${document.errorMessage}`);
      chunks += document.chunkCount;
      documents++;
      const seconds = (performance.now() - started) / 1000;
      process.stderr.write(
        `  ${documents} documents, ${chunks} chunks in ${round(seconds)} s (${round(chunks / seconds)} chunks/s); ` +
          `RSS now ${round(rssMiB(serverPid))} MiB, peak ${round(peaks.server)} MiB\n`,
      );
    };
    // Each lane uploads the next volume until the chunks reach the target (the last ones may overshoot by a few volumes).
    const lane = async () => {
      while (chunks < target) await ingestOne(next++);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    const seconds = (performance.now() - started) / 1000;

    // Every volume's last page differs from the others' only by its numbers: the question names one of them.
    const last = next - 1;
    const volumes = [...new Set([last, 0, Math.floor(last / 2), ...Array.from({ length: 40 }, (_, i) => (i * 7) % next)])].slice(
      0,
      QUESTIONS,
    );
    const answerMs: number[] = [];
    const missed: number[] = [];
    for (const index of volumes) {
      const query = encodeURIComponent(`Which badge code opens the volume ${index} archive room?`);
      const asked = performance.now();
      const answer = await api(server, 'POST', `/bots/${bot.body.id}/rag-chat?query=${query}`, { token: await token() });
      answerMs.push(performance.now() - asked);
      if (answer.status !== 200) throw new Error(`the test chat answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      if (!String(answer.body.response).includes(String(7_000 + index))) missed.push(index);
    }
    return [
      {
        benchmark: `${round(chunks / 1000)}k chunks ingested through uploads (PostgreSQL)`,
        value: round(seconds / 60),
        unit: 'min',
        goal: 'finishes',
        ok: chunks >= target,
        detail: `${documents} documents of 9.5 MB, ${round(chunks / seconds)} chunks/s`,
      },
      {
        benchmark: 'server RSS peak while they are ingested',
        value: round(peaks.server),
        unit: 'MiB',
        goal: `< ${RSS_GOAL_MIB} MiB`,
        ok: peaks.server < RSS_GOAL_MIB,
        detail: `sampled every ${RSS_SAMPLE_MS} ms; its Chroma child's peak ${round(peaks.chroma)} MiB`,
      },
      {
        benchmark: `then a volume's badge code asked in the test chat, among ${next} last pages alike but for their numbers`,
        value: volumes.length - missed.length,
        unit: `of ${volumes.length} right`,
        goal: 'all',
        ok: missed.length === 0,
        detail:
          `answer median ${round(median(answerMs))} ms, p95 ${round(percentile(answerMs, 0.95))} ms` +
          (missed.length > 0 ? `; missed volumes ${missed.join(', ')}` : ''),
      },
    ];
  } catch (error) {
    // What the server said last is where a failure's cause shows.
    process.stderr.write(`the server's last output:\n${server.output().slice(-4_000)}\n`);
    throw error;
  } finally {
    sampling = false;
    await sampler;
    await server.close();
  }
}
