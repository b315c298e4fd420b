import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './index.ts';

describe('csvField', () => {
  it.each([
    ['plain text', 'Where is my order?', 'Where is my order?'],
    ['an empty value', '', ''],
    ['a formula', '=SUM(A1)', "'=SUM(A1)"],
    ['a plus', '+1+2', "'+1+2"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['spaces before a formula', '   =HYPERLINK("http://x.test")', `"'   =HYPERLINK(""http://x.test"")"`],
    ['a line feed before a formula', '\n=1+1', `"'\n=1+1"`],
    ['a CR/LF and a tab before a formula', '\r\n\t+1', `"'\r\n\t+1"`],
    ['a no-break space before a formula', '\u00a0@A1', "'\u00a0@A1"],
    ['a full-width equals sign', '\uff1d1+1', "'\uff1d1+1"],
    ['a leading tab', '\tdata', "'\tdata"],
    ['a leading carriage return', '\rdata', `"'\rdata"`],
    ['a leading line feed before text', '\nhello', '"\nhello"'],
    ['leading spaces before text', '  hello', '  hello'],
    ['a formula sign later on', 'a=b', 'a=b'],
    ['an e-mail address', 'jo@example.org', 'jo@example.org'],
    ['a comma', 'Lyon, France', '"Lyon, France"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
  ])('writes %s as a safe field', (_name, value, field) => {
    expect(csvField(value)).toBe(field);
  });
});

describe('csvDocument', () => {
  it('writes a header and CRLF-terminated rows', () => {
    expect(csvDocument(['a', 'b'], [['1', ' =2']])).toBe("a,b\r\n1,' =2\r\n");
  });
});
