// The QA bench's questions (bench/qa/questions) against their corpora: a question whose expected
// words are nowhere in its source file would count against the answerer for the question's fault.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { QA_CATEGORIES, QA_CORPORA, qaQuestions } from '../bench/qa/questions.ts';

const CORPORA_DIR = fileURLToPath(new URL('../bench/qa/corpora/', import.meta.url));

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** A file's text as a reader sees it: an HTML page without its tags and entities. */
function readableText(corpus: string, file: string): string {
  const raw = readFileSync(`${CORPORA_DIR}${corpus}/${file}`, 'utf8');
  return fold(/\.html?$/.test(file) ? cheerio.load(raw).text() : raw);
}

describe('QA bench questions', () => {
  it('keeps each corpus taken from elsewhere beside its licence, and every corpus at a customer-like size', () => {
    for (const corpus of QA_CORPORA) {
      const files = readdirSync(`${CORPORA_DIR}${corpus.name}`);
      if (!corpus.writtenForTuning) expect(files, corpus.name).toContain('LICENSE');
      expect(files.length, corpus.name).toBeLessThanOrEqual(41);
    }
  });

  it('names, for every answerable question, a file of its corpus that contains the words a right answer needs', () => {
    for (const corpus of QA_CORPORA) {
      for (const question of corpus.questions.filter((entry) => entry.category !== 'unanswerable')) {
        expect(question.source, question.question).toBeDefined();
        expect(existsSync(`${CORPORA_DIR}${corpus.name}/${question.source}`), question.question).toBe(true);
        const text = readableText(corpus.name, question.source!);
        const needed = [...(question.expectAll ?? [])];
        expect(question.expect ?? question.expectAll, question.question).toBeDefined();
        if (question.expect)
          expect(
            question.expect.some((words) => text.includes(fold(words))),
            question.question,
          ).toBe(true);
        for (const words of needed) expect(text.includes(fold(words)), `${question.question}: ${words}`).toBe(true);
      }
    }
  });

  it('gives unanswerable questions neither a source nor expected words', () => {
    for (const question of qaQuestions().filter((entry) => entry.category === 'unanswerable')) {
      expect([question.source, question.expect, question.expectAll], question.question).toEqual([undefined, undefined, undefined]);
    }
  });

  it('splits every corpus and category about evenly between dev and test', () => {
    for (const corpus of QA_CORPORA) {
      for (const category of QA_CATEGORIES) {
        const ofCategory = corpus.questions.filter((question) => question.category === category);
        const tests = ofCategory.filter((question) => question.split === 'test').length;
        expect(Math.abs(2 * tests - ofCategory.length), `${corpus.name} · ${category}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('asks no question twice', () => {
    const asked = qaQuestions().map((question) => `${question.corpus}: ${question.question}`);
    expect(new Set(asked).size).toBe(asked.length);
  });
});
