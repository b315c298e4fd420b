import { describe, expect, it } from 'vitest';
import { detectLanguage, searchTermsOf } from './stems.ts';

describe('detectLanguage', () => {
  it.each([
    ['Quelles sont vos heures d’ouverture ?', 'fr'],
    ['Les livraisons sont gratuites dès 30 euros.', 'fr'],
    ['What does delivery cost?', 'en'],
    ['We open Tuesday to Sunday from 7am to 6pm.', 'en'],
    ['Livraison', null],
    ['E4521 42', null],
  ] as const)('%j is %s', (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });
});

describe('searchTermsOf', () => {
  it.each([
    ['We are opening early on holidays.', 'en', 'open earli holiday'],
    ["Les livraisons de l'atelier sont gratuites.", 'en', 'livraison ateli gratuit'],
    ['Error E4521: restart the ROUTER', 'en', 'error e4521 restart router'],
    ['Opening hours', 'fr', 'opening hour'],
    ['', 'en', ''],
  ] as const)('%j (fallback %s)', (text, fallback, expected) => {
    expect(searchTermsOf(text, fallback)).toBe(expected);
  });
});
