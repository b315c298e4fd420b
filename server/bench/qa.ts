// The offline answerer's quality (run by `npm run bench`): a bot taught the corpus in ./qa/corpus
// answers the paraphrased questions of ./qa/questions.ts through the test chat, with no AI key,
// and each answer is graded: right (it contains what the question needs), cited (it cites the
// document the answer comes from), refused (it said the knowledge has no answer).
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { api, startTestServer } from '../test/harness.ts';
import { documentsSettled, uploadDocument } from '../test/knowledge.ts';
import type { BenchRow } from './knowledge.ts';
import { QA_QUESTIONS, type QaQuestion } from './qa/questions.ts';

const CORPUS_DIR = fileURLToPath(new URL('./qa/corpus/', import.meta.url));

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
}

/** Teaches a fresh bot the corpus and asks it every question; resolves with each graded answer. */
export async function runQaEvaluation(): Promise<QaGrade[]> {
  const server = await startTestServer();
  try {
    const login = await api(server, 'POST', '/users/login', { body: { email: 'customer@example.com', password: 'customer-demo-2026' } });
    const token = login.body.access_token as string;
    const created = await api(server, 'POST', '/bots/save', {
      token,
      body: { name: 'Juniper & Rye', displayName: 'Juniper', useCase: 'faq-bot', description: 'Answers bakery questions' },
    });
    const botId = created.body.id as string;
    for (const file of (await readdir(CORPUS_DIR)).sort()) {
      const uploaded = await uploadDocument(server, token, botId, file, await readFile(`${CORPUS_DIR}${file}`));
      if (uploaded.status !== 201) throw new Error(`qa: upload of ${file} failed: ${JSON.stringify(uploaded.body)}`);
    }
    await documentsSettled(server, botId);
    const grades: QaGrade[] = [];
    for (const question of QA_QUESTIONS) {
      const reply = await api(server, 'POST', `/bots/${botId}/rag-chat?query=${encodeURIComponent(question.question)}`, { token });
      if (reply.status !== 200) throw new Error(`qa: "${question.question}" answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      const stored = await server.platform.prisma.chatMessage.findUniqueOrThrow({ where: { id: reply.body.message_id } });
      const answer = reply.body.response as string;
      const titles = (reply.body.sources as { title: string }[]).map((source) => source.title);
      const refused = stored.unanswered;
      grades.push({
        question,
        answer,
        refused,
        right: question.expect ? !refused && question.expect.some((needed) => fold(answer).includes(fold(needed))) : refused,
        cited: question.source ? titles.includes(question.source) : titles.length === 0,
      });
    }
    return grades;
  } finally {
    await server.close();
  }
}

const percent = (part: number, whole: number) => (whole === 0 ? Number.NaN : Math.round((1000 * part) / whole) / 10);

export async function benchOfflineAnswers(): Promise<BenchRow[]> {
  const grades = await runQaEvaluation();
  if (process.env.QA_VERBOSE) {
    for (const grade of grades.filter((entry) => !entry.right)) {
      process.stderr.write(`✗ ${grade.question.question}\n  ${grade.answer.replace(/\s+/g, ' ').slice(0, 300)}\n`);
    }
  }
  const answerable = grades.filter((grade) => grade.question.expect);
  const unanswerable = grades.filter((grade) => !grade.question.expect);
  const french = grades.filter((grade) => grade.question.language === 'fr' && grade.question.expect);
  const right = grades.filter((grade) => grade.right).length;
  const rows: BenchRow[] = [
    {
      benchmark: `offline answers: ${grades.length} paraphrased questions (${french.length} French, ${unanswerable.length} unanswerable)`,
      value: percent(right, grades.length),
      unit: '% right',
      goal: '>= 80',
      ok: percent(right, grades.length) >= 80,
      detail: `${right}/${grades.length} right`,
    },
    {
      benchmark: 'offline answers in French',
      value: percent(french.filter((grade) => grade.right).length, french.length),
      unit: '% right',
      goal: '>= 80',
      ok: percent(french.filter((grade) => grade.right).length, french.length) >= 80,
      detail: `${french.filter((grade) => grade.right).length}/${french.length} right`,
    },
    {
      benchmark: 'offline answers citing the right document',
      value: percent(answerable.filter((grade) => grade.cited).length, answerable.length),
      unit: '% cited',
      goal: '>= 80',
      ok: percent(answerable.filter((grade) => grade.cited).length, answerable.length) >= 80,
      detail: `${answerable.filter((grade) => grade.cited).length}/${answerable.length} cite their source`,
    },
    {
      benchmark: 'unanswerable questions refused',
      value: percent(unanswerable.filter((grade) => grade.refused).length, unanswerable.length),
      unit: '% refused',
      goal: '100',
      ok: unanswerable.every((grade) => grade.refused),
      detail: `${unanswerable.filter((grade) => grade.refused).length}/${unanswerable.length} refused; ${answerable.filter((grade) => grade.refused).length} answerable ones refused`,
    },
  ];
  return rows;
}
