import { describe, expect, it } from 'vitest';
import { detectLanguage, identifierParts, searchTermsOf, searchWords } from './stems.ts';

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
    ['Set keepAliveTimeout', 'en', 'set keepalivetimeout keep aliv timeout'],
    ['Volume 5 is on floor 3, shelf B.', 'en', 'volum 5 floor 3 shelf'],
    ['', 'en', ''],
  ] as const)('%j (fallback %s)', (text, fallback, expected) => {
    expect(searchTermsOf(text, fallback)).toBe(expected);
  });
});

describe('identifierParts', () => {
  it.each([
    ['keepAliveTimeout', ['keep', 'Alive', 'Timeout']],
    ['HTTPServer', ['HTTP', 'Server']],
    ['onRequest', ['on', 'Request']],
    ['http2', []],
    ['Fastify', []],
    ['URL', []],
  ] as const)('%j breaks into %j', (token, expected) => {
    expect(identifierParts(token)).toEqual(expected);
  });
});

describe('searchWords', () => {
  it.each([
    ['the keepAliveTimeout option', ['the', 'keepalivetimeout', 'keep', 'alive', 'timeout', 'option']],
    ['max_body_size', ['max', 'body', 'size']],
    ['HTTP/2 and keep-alive', ['http', '2', 'and', 'keep', 'alive', 'http2', 'keepalive']],
    ["Peut-on l'installer ? Existe-t-il", ['peut', 'on', 'installer', 'existe', 't', 'il']],
    ['Éditer', ['editer']],
  ] as const)('%j', (text, expected) => {
    expect(searchWords(text)).toEqual(expected);
  });
});
