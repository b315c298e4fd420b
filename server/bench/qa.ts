// The offline answerer's quality (run by `npm run bench`, `npm run bench:qa -w server`): each
// corpus in ./qa/corpora is taught to its own bot the way a customer would, Markdown and text files
// uploaded as documents, HTML pages crawled from a website; then the questions about it
// (./qa/questions.ts) are asked through the test chat with no AI key, and each answer is graded:
// right (it contains what the question needs, or refuses an unanswerable one), refused (it said the
// knowledge has no answer), cited (it cites the file the answer comes from), and, separately from
// the answer, whether retrieval put a passage of that file among the first five it gave the answerer.
//
// `npm run bench` scores the `test` split only; `npm run bench:qa -w server -- --split dev` scores
// the questions for tuning, and with QA_VERBOSE=1 prints the wrong ones. The wrong answers of the
// test split are never printed: nobody tuning should read them.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RetrievedChunk } from '../src/domains/knowledge/retrieval/retrievedChunk.ts';
import { api, startTestServer, type TestServer } from '../test/harness.ts';
import { documentsSettled, uploadDocument } from '../test/knowledge.ts';
import { respond, serveLocalSite, type RouteHandler } from '../test/localSite.ts';
import type { BenchRow } from './knowledge.ts';
import { QA_CATEGORIES, QA_CORPORA, type QaCorpus, type QaQuestion, type QaSplit } from './qa/questions.ts';

const CORPORA_DIR = fileURLToPath(new URL('./qa/corpora/', import.meta.url));
/** How many of the passages given to the answerer recall counts: the first five. */
const RECALL_AT = 5;
/** Files of a corpus folder that are not documents of the customer's. */
const NOT_DOCUMENTS = new Set(['LICENSE']);

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .toLowerCase();

export interface QaGrade {
  question: QaQuestion;
  answer: string;
  right: boolean;
  cited: boolean;
  refused: boolean;
  /** For an answerable question: a passage of its source file was among the first five the answerer was given. */
  retrieved: boolean;
  /** For an answerable question: a passage of its source file was among all those the answerer was given (eight today). */
  given: boolean;
  /** The test chat's round trip, retrieval and answer included. */
  latencyMs: number;
}

/** A passage, a citation: does it come from `file` of the corpus (a document's name, or a crawled page's address)? */
const fromFile = (source: { title: string; url: string | null }, file: string) =>
  source.title === file || (source.url !== null && new URL(source.url).pathname === `/${file}`);

function isRight(question: QaQuestion, answer: string, refused: boolean): boolean {
  if (!question.expect && !question.expectAll) return refused;
  const folded = fold(answer);
  const contains = (needed: string) => folded.includes(fold(needed));
  return !refused && (question.expect ?? ['']).some(contains) && (question.expectAll ?? []).every(contains);
}

/**
 * Teaches a fresh bot a corpus as its owner would: uploads its Markdown and text files, crawls its
 * HTML pages one by one from a local website (an uploaded HTML file would be indexed as text, tags
 * and all; HTML reaches the product through the crawler).
 */
export async function teachCorpus(server: TestServer, token: string, corpus: QaCorpus): Promise<string> {
  const created = await api(server, 'POST', '/bots/save', {
    token,
    body: {
      name: corpus.name,
      displayName: corpus.name,
      useCase: 'faq-bot',
      description: `Answers questions from ${corpus.origin}`,
      languageCode: corpus.botLanguage,
    },
  });
  if (created.status !== 201) throw new Error(`qa: bot for ${corpus.name} not created: ${JSON.stringify(created.body)}`);
  const botId = created.body.id as string;
  const folder = `${CORPORA_DIR}${corpus.name}/`;
  const files = (await readdir(folder)).filter((file) => !NOT_DOCUMENTS.has(file)).sort();
  const pages: Record<string, RouteHandler> = {};
  for (const file of files) {
    const content = await readFile(`${folder}${file}`);
    if (/\.html?$/.test(file)) {
      pages[`/${file}`] = respond(200, 'text/html; charset=utf-8', content);
      continue;
    }
    const uploaded = await uploadDocument(server, token, botId, file, content);
    if (uploaded.status !== 201) throw new Error(`qa: upload of ${file} failed: ${JSON.stringify(uploaded.body)}`);
  }
  await documentsSettled(server, botId);
  if (Object.keys(pages).length > 0) {
    const site = await serveLocalSite(pages);
    try {
      for (const path of Object.keys(pages)) {
        const crawled = await api(server, 'POST', '/crawl', { token, body: { bot_id: botId, url: `${site.origin}${path}`, max_depth: 0 } });
        if (crawled.status !== 200 || crawled.body.status !== 'completed' || crawled.body.items_count !== 1) {
          throw new Error(`qa: crawl of ${path} failed: ${JSON.stringify(crawled.body)}`);
        }
      }
    } finally {
      await site.close();
    }
  }
  const failed = await server.platform.prisma.document.findMany({
    where: { botId, status: { not: 'completed' } },
    select: { fileName: true, errorMessage: true },
  });
  if (failed.length > 0) throw new Error(`qa: not processed: ${JSON.stringify(failed)}`);
  return botId;
}

/** Teaches each corpus to its own bot and asks it the questions of `split` (all by default); resolves with each graded answer. */
export async function runQaEvaluation(split?: QaSplit): Promise<QaGrade[]> {
  const server = await startTestServer({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
  try {
    const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
    const token = login.body.access_token as string;
    // What the answerer was given: the chat service asks the knowledge service once per answer.
    const knowledge = server.services.knowledge;
    const retrieve = knowledge.retrieve.bind(knowledge);
    let passages: readonly RetrievedChunk[] = [];
    knowledge.retrieve = async (...args) => {
      passages = await retrieve(...args);
      return passages;
    };
    const grades: QaGrade[] = [];
    for (const corpus of QA_CORPORA) {
      const questions = corpus.questions.filter((question) => !split || question.split === split);
      if (questions.length === 0) continue;
      const botId = await teachCorpus(server, token, corpus);
      for (const asked of questions) {
        const question: QaQuestion = { ...asked, corpus: corpus.name };
        passages = [];
        const started = performance.now();
        const reply = await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(question.question)}`, { token });
        const latencyMs = performance.now() - started;
        if (reply.status !== 200) throw new Error(`qa: "${question.question}" answered ${reply.status}: ${JSON.stringify(reply.body)}`);
        const stored = await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: reply.body.message_id } });
        const answer = reply.body.response as string;
        const cited = reply.body.sources as { title: string; url: string | null }[];
        const refused = stored.unanswered;
        const source = question.source;
        grades.push({
          question,
          answer,
          refused,
          right: isRight(question, answer, refused),
          cited: source ? cited.some((citation) => fromFile(citation, source)) : cited.length === 0,
          retrieved: source !== undefined && passages.slice(0, RECALL_AT).some((chunk) => fromFile(chunk.source, source)),
          given: source !== undefined && passages.some((chunk) => fromFile(chunk.source, source)),
          latencyMs,
        });
      }
    }
    return grades;
  } finally {
    await server.close();
  }
}

const percent = (part: number, whole: number) => (whole === 0 ? Number.NaN : Math.round((1000 * part) / whole) / 10);
const count = (grades: QaGrade[], test: (grade: QaGrade) => boolean) => grades.filter(test).length;
const answerableOf = (grades: QaGrade[]) => grades.filter((grade) => grade.question.source);
const percentRight = (grades: QaGrade[]) => percent(grades.filter((grade) => grade.right).length, grades.length);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What a group of grades scores: right, and for answerable ones retrieval recall and false refusals. */
function scoreDetail(grades: QaGrade[]): string {
  const answerable = answerableOf(grades);
  const unanswerable = grades.filter((grade) => !grade.question.source);
  const parts = [`${count(grades, (grade) => grade.right)}/${grades.length} right`];
  if (answerable.length > 0) {
    parts.push(
      `recall@${RECALL_AT} ${count(answerable, (grade) => grade.retrieved)}/${answerable.length} (all given ${count(answerable, (grade) => grade.given)})`,
      `cited ${count(answerable, (grade) => grade.cited)}/${answerable.length}`,
      `false refusals ${count(answerable, (grade) => grade.refused)}/${answerable.length}`,
    );
  }
  if (unanswerable.length > 0) parts.push(`refused ${count(unanswerable, (grade) => grade.refused)}/${unanswerable.length} unanswerable`);
  return parts.join(', ');
}

/** The table rows of an evaluation: overall, then per corpus, then per corpus and category. */
export function qaRows(grades: QaGrade[], split: QaSplit | 'all'): BenchRow[] {
  const label = `offline answers (${split})`;
  const answerable = answerableOf(grades);
  const unanswerable = grades.filter((grade) => !grade.question.source);
  const right = percentRight(grades);
  const retrieved = count(answerable, (grade) => grade.retrieved);
  const refused = count(unanswerable, (grade) => grade.refused);
  const latencies = grades.map((grade) => grade.latencyMs);
  const rows: BenchRow[] = [
    {
      benchmark: `${label}: ${grades.length} questions on ${new Set(grades.map((grade) => grade.question.corpus)).size} corpora`,
      value: right,
      unit: '% right',
      goal: '>= 80',
      ok: right >= 80,
      detail: scoreDetail(grades),
    },
    {
      benchmark: `${label}: retrieval recall@${RECALL_AT}`,
      value: percent(retrieved, answerable.length),
      unit: '% found',
      goal: '',
      ok: null,
      detail: `the expected file among the first ${RECALL_AT} passages for ${retrieved}/${answerable.length} answerable questions, among all those given for ${count(answerable, (grade) => grade.given)}`,
    },
    {
      benchmark: `${label}: unanswerable questions refused`,
      value: percent(refused, unanswerable.length),
      unit: '% refused',
      goal: '100',
      ok: refused === unanswerable.length,
      detail: `${refused}/${unanswerable.length} refused; ${count(answerable, (grade) => grade.refused)}/${answerable.length} answerable ones refused`,
    },
    {
      benchmark: `${label}: median answer latency`,
      value: Math.round(median(latencies)),
      unit: 'ms',
      goal: '',
      ok: null,
      detail: `test chat round trip, slowest ${Math.round(Math.max(...latencies))} ms`,
    },
  ];
  for (const corpus of QA_CORPORA) {
    const ofCorpus = grades.filter((grade) => grade.question.corpus === corpus.name);
    if (ofCorpus.length === 0) continue;
    rows.push({
      benchmark: `  ${corpus.name}`,
      value: percentRight(ofCorpus),
      unit: '% right',
      goal: '',
      ok: null,
      detail: scoreDetail(ofCorpus),
    });
    for (const category of QA_CATEGORIES) {
      const ofCategory = ofCorpus.filter((grade) => grade.question.category === category);
      if (ofCategory.length === 0) continue;
      rows.push({
        benchmark: `    ${corpus.name} · ${category}`,
        value: percentRight(ofCategory),
        unit: '% right',
        goal: '',
        ok: null,
        detail: scoreDetail(ofCategory),
      });
    }
  }
  return rows;
}

/** The QA rows of `npm run bench`: the test split, whose questions are never read while tuning. */
export async function benchOfflineAnswers(split: QaSplit | 'all' = 'test'): Promise<BenchRow[]> {
  const grades = await runQaEvaluation(split === 'all' ? undefined : split);
  if (process.env.QA_VERBOSE) {
    if (split === 'dev') {
      for (const grade of grades.filter((entry) => !entry.right)) {
        const found = grade.question.source ? (grade.retrieved ? 'retrieved' : 'not retrieved') : 'unanswerable';
        process.stderr.write(
          `✗ [${grade.question.corpus} · ${grade.question.category} · ${found}] ${grade.question.question}\n  ${grade.answer.replace(/\s+/g, ' ').slice(0, 300)}\n`,
        );
      }
    } else {
      process.stderr.write('qa: QA_VERBOSE prints the wrong answers of the dev split only (--split dev)\n');
    }
  }
  return qaRows(grades, split);
}
