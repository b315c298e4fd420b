import { Link, List, Stack, Text } from '@chakra-ui/react';
import { isSafeUrl } from '@chatbot/common/markdown';
import { useTranslation } from 'react-i18next';

export interface AnswerSource {
  readonly index: number;
  readonly title: string;
  readonly url: string | null | undefined;
  readonly page: number | null | undefined;
  readonly snippet: string;
}

/** The sources an answer cites, numbered as the answer's [n], with a link (http(s) or mailto only, as in answers) or page and a snippet. */
export function AnswerSources({ sources }: { sources: readonly AnswerSource[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1" marginTop="2" fontSize="xs">
      <Text fontWeight="semibold">{t('common.sources')}</Text>
      <List.Root as="ol" gap="1" listStyle="none">
        {sources.map((source) => (
          <List.Item key={source.index}>
            <Text as="span" fontWeight="semibold">
              [{source.index}]{' '}
            </Text>
            {source.url && isSafeUrl(source.url) ? (
              <Link href={source.url} target="_blank" rel="noreferrer" colorPalette="brand">
                {source.title}
              </Link>
            ) : (
              <Text as="span">{source.title}</Text>
            )}
            {source.page != null && <Text as="span"> ({t('common.page', { page: source.page })})</Text>}
            <Text color="fg.muted" lineClamp={2}>
              {source.snippet}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
