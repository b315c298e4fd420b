import { Alert, Button, CloseButton, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { demoApi, type DemoCrawl } from './demoApi.ts';

export const DEMO_MAX_FILE_BYTES = 2 * 1024 * 1024;
const ACCEPTED_TYPES = ['application/pdf', 'text/plain', 'text/markdown'];
const ACCEPTED_EXTENSIONS = ['pdf', 'txt', 'md', 'markdown'];

function isAcceptedDemoFile(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (ACCEPTED_TYPES.includes(file.type) || ACCEPTED_EXTENSIONS.includes(extension)) && file.size <= DEMO_MAX_FILE_BYTES;
}

function DocumentsPanel({ files, onFilesChange }: { files: File[]; onFilesChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState(false);

  function addFiles(chosen: File[]) {
    const accepted = chosen.filter(isAcceptedDemoFile);
    setRejected(accepted.length < chosen.length);
    onFilesChange([...files, ...accepted]);
  }

  return (
    <Stack gap="4">
      <Text>{t('demo.knowledge.help')}</Text>
      <FilePicker label={t('demo.knowledge.choose')} multiple accept=".pdf,.txt,.md,.markdown" onFiles={addFiles} />
      {rejected && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('demo.knowledge.rejected')}</Alert.Title>
        </Alert.Root>
      )}
      <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0">
        {files.map((file, index) => (
          <HStack
            as="li"
            key={`${file.name}-${index}`}
            justify="space-between"
            borderWidth="1px"
            borderRadius="md"
            paddingX="3"
            paddingY="1"
          >
            <Text truncate>{file.name}</Text>
            <CloseButton
              size="xs"
              aria-label={t('demo.knowledge.remove', { name: file.name })}
              onClick={() => onFilesChange(files.filter((_, at) => at !== index))}
            />
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** Reads one page at a time into the demo bot; the pages read are listed. */
function WebsitePanel({
  botId,
  token,
  pages,
  onPageRead,
}: {
  botId: string;
  token: string;
  pages: DemoCrawl[];
  onPageRead: (page: DemoCrawl) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return;
    setReading(true);
    setError(null);
    try {
      const crawl = await demoApi.crawlWebsite(botId, token, url.trim());
      if (crawl.status === 'failed') setError(t('demo.website.failed'));
      else {
        onPageRead(crawl);
        setUrl('');
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('demo.website.failed'));
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack as="form" gap="4" onSubmit={(event: FormEvent) => void read(event)}>
      <Text>{t('demo.website.help')}</Text>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{t('demo.website.url')}</Field.Label>
        <HStack width="full">
          <Input type="url" value={url} placeholder="https://www.example.com" onChange={(event) => setUrl(event.currentTarget.value)} />
          {url.trim() && (
            <Text color="fg.success" aria-label={t('demo.website.entered')} role="img">
              ✓
            </Text>
          )}
        </HStack>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Button
        type="submit"
        alignSelf="start"
        variant="outline"
        loading={reading}
        loadingText={t('demo.website.reading')}
        disabled={!url.trim()}
      >
        {t('demo.website.read')}
      </Button>
      {pages.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0" aria-label={t('demo.website.pages')}>
          {pages.map((page, index) => (
            <HStack
              as="li"
              key={`${page.url}-${index}`}
              justify="space-between"
              borderWidth="1px"
              borderRadius="md"
              paddingX="3"
              paddingY="1"
            >
              <Text truncate>{page.url}</Text>
              <Text color="fg.success" flexShrink={0}>
                {t('demo.website.done')}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Step 2: documents (PDF, TXT or Markdown up to 2 MB, uploaded on Continue) or web pages (read at
 * once); Continue appears once there is either.
 */
export function KnowledgeStep({ botId, token, onDone }: { botId: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [pages, setPages] = useState<DemoCrawl[]>([]);
  const [uploading, setUploading] = useState(false);

  async function continueToChat() {
    setUploading(true);
    // Upload failures stay silent (spec 000, section 8): the chat still works on the template alone.
    await Promise.allSettled(files.map((file) => demoApi.uploadDocument(botId, token, file)));
    setUploading(false);
    onDone();
  }

  return (
    <Stack gap="4">
      <Tabs.Root defaultValue="documents" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="documents">{t('demo.knowledge.documentsTab')}</Tabs.Trigger>
          <Tabs.Trigger value="website">{t('demo.knowledge.websiteTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="documents">
          <DocumentsPanel files={files} onFilesChange={setFiles} />
        </Tabs.Content>
        <Tabs.Content value="website">
          <WebsitePanel botId={botId} token={token} pages={pages} onPageRead={(page) => setPages((list) => [...list, page])} />
        </Tabs.Content>
      </Tabs.Root>
      {(files.length > 0 || pages.length > 0) && (
        <Button alignSelf="start" colorPalette="brand" loading={uploading} onClick={() => void continueToChat()}>
          {t('demo.continue')}
        </Button>
      )}
    </Stack>
  );
}
