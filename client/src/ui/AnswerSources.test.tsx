import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerSources, type AnswerSource } from './AnswerSources.tsx';
import { system } from './theme.ts';

const source = (index: number, url: string | null): AnswerSource => ({
  index,
  title: `Source ${index}`,
  url,
  page: null,
  snippet: 'A snippet',
});

describe('AnswerSources', () => {
  it('links only the sources with an http(s) or mailto address', () => {
    render(
      <ChakraProvider value={system}>
        <AnswerSources
          sources={[
            source(1, 'https://example.com/a'),
            source(2, 'javascript:alert(1)'),
            source(3, null),
            source(4, 'mailto:a@example.com'),
          ]}
        />
      </ChakraProvider>,
    );
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Source 1', 'https://example.com/a'],
      ['Source 4', 'mailto:a@example.com'],
    ]);
    expect(screen.getByText('Source 2').closest('a')).toBeNull();
  });
});
