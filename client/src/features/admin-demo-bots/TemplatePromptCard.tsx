import { Badge, Card, Heading, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ItemActionButton } from '../../ui/ItemActionButton.tsx';
import { graphql, useFragment } from 'react-relay';
import type {
  TemplatePromptCardFragment$data,
  TemplatePromptCardFragment$key,
} from './__generated__/TemplatePromptCardFragment.graphql.ts';

export type TemplatePrompt = TemplatePromptCardFragment$data;

/** One template prompt: what it is for, in which language, its prompt; Edit puts it in the form. */
export function TemplatePromptCard({
  template,
  selected,
  onEdit,
  onDelete,
}: {
  template: TemplatePromptCardFragment$key;
  selected: boolean;
  onEdit: (template: TemplatePrompt) => void;
  onDelete: (template: TemplatePrompt) => void;
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment TemplatePromptCardFragment on TemplatePrompt {
        id
        useCase
        title
        description
        languageCode
        promptText
      }
    `,
    template,
  );
  const useCase = t(`adminDemoBots.useCases.${data.useCase}`, { defaultValue: data.useCase });
  const language = t(`adminDemoBots.languages.${data.languageCode}`, { defaultValue: data.languageCode });
  return (
    <Card.Root as="article" size="sm" aria-label={data.title} borderColor={selected ? 'brand.solid' : undefined}>
      <Card.Body gap="2">
        <Heading as="h3" size="md" overflowWrap="anywhere">
          {data.title}
        </Heading>
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette="brand">
            <VisuallyHidden>{t('adminDemoBots.useCase')}: </VisuallyHidden>
            {useCase}
          </Badge>
          <Badge>
            <VisuallyHidden>{t('adminDemoBots.language')}: </VisuallyHidden>
            {language}
          </Badge>
        </HStack>
        {data.description && (
          <Text fontSize="sm" color="fg.muted">
            {data.description}
          </Text>
        )}
        <Text fontSize="sm" lineClamp={3} whiteSpace="pre-wrap" overflowWrap="anywhere">
          {data.promptText}
        </Text>
      </Card.Body>
      <Card.Footer gap="2" justifyContent="end">
        <ItemActionButton
          text={t('adminDemoBots.edit')}
          label={t('adminDemoBots.editLabel', { title: data.title })}
          onClick={() => onEdit(data)}
        />
        <ItemActionButton
          text={t('adminDemoBots.delete')}
          label={t('adminDemoBots.deleteLabel', { title: data.title })}
          onClick={() => onDelete(data)}
          destructive
        />
      </Card.Footer>
    </Card.Root>
  );
}
