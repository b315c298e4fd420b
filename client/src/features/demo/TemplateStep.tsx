import { Badge, Button, Card, Heading, HStack, SimpleGrid, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { demoApi, type DemoTemplate } from './demoApi.ts';

/** Step 1: pick a template; choosing one creates the demo bot. */
export function TemplateStep({ token, onBotCreated }: { token: string; onBotCreated: (botId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [templates, setTemplates] = useState<DemoTemplate[] | null>(null);
  const [creatingId, setCreatingId] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // The server answers in the interface's language: a switch brings the templates in the new one.
    void demoApi.templates().then((list) => current && setTemplates(list));
    return () => {
      current = false;
    };
  }, [i18n.language]);

  async function choose(template: DemoTemplate) {
    setCreatingId(template.id);
    try {
      onBotCreated((await demoApi.createDemoBot(template.id, token)).id);
    } catch {
      // The spec keeps a failed creation silent: the visitor can pick again.
      setCreatingId(null);
    }
  }

  if (!templates) return <PageSpinner />;
  if (templates.length === 0) return <Text color="fg.muted">{t('demo.templates.none')}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      {templates.map((template) => (
        <Card.Root key={template.id}>
          <Card.Body gap="3">
            <HStack justify="space-between" align="start">
              <Heading as="h3" size="md">
                {template.title}
              </Heading>
              {template.tag && <Badge colorPalette="brand">{template.tag}</Badge>}
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {template.description}
            </Text>
            {template.features && template.features.length > 0 && (
              <Wrap gap="1">
                {template.features.map((feature) => (
                  <Badge key={feature} variant="outline">
                    {feature}
                  </Badge>
                ))}
              </Wrap>
            )}
          </Card.Body>
          <Card.Footer>
            <Button
              colorPalette="brand"
              width="full"
              loading={creatingId === template.id}
              disabled={creatingId !== null}
              onClick={() => void choose(template)}
            >
              {t('demo.templates.choose')}
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
