import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';

/** What a knowledge tab shows for a bot that cannot be read. */
export function BotMissingPanel() {
  const { t } = useTranslation();
  return <ErrorPanel title={t('knowledge.botMissingTitle')} message={t('knowledge.botMissing')} />;
}

/** Says what is still at work (documents processing, crawls running): a title, then a line each. */
export function ProgressBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}

/** Stands where a list has nothing yet: what is missing, and how to add some. */
export function EmptyHint({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack gap="1" padding="6" borderWidth="1px" borderStyle="dashed" borderRadius="md" textAlign="center">
      <Text fontWeight="semibold">{title}</Text>
      <Text color="fg.muted">{hint}</Text>
    </Stack>
  );
}

/** A knowledge tab's list under its heading: the items (`li`s), or `whenEmpty`; then `footer` (more to load). */
export function KnowledgeList({
  headingId,
  heading,
  isEmpty,
  whenEmpty,
  footer,
  children,
}: {
  headingId: string;
  heading: string;
  isEmpty: boolean;
  whenEmpty: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="3" as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId}>
        {heading}
      </Heading>
      {isEmpty ? (
        whenEmpty
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
          {children}
        </Stack>
      )}
      {footer}
    </Stack>
  );
}
