import { Alert, Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { FieldFrame } from '../../ui/TextField.tsx';
import { demoApi, type DemoCrawl } from './demoApi.ts';
import { useDemoMemory } from './demoMemory.ts';

export const DEMO_MAX_FILE_BYTES = 2 * 1024 * 1024;
const ACCEPTED_TYPES = ['application/pdf', 'text/plain', 'text/markdown'];
const ACCEPTED_EXTENSIONS = ['pdf', 'txt', 'md', 'markdown'];

function isAcceptedDemoFile(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (ACCEPTED_TYPES.includes(file.type) || ACCEPTED_EXTENSIONS.includes(extension)) && file.size <= DEMO_MAX_FILE_BYTES;
}

/** A document of the demo, uploaded as soon as it is chosen. */
export interface DemoDocument {
  name: string;
  status: 'uploading' | 'uploaded' | 'failed';
  error?: string;
}

const DOCUMENT_STATUS_COLORS = { uploading: 'fg.muted', uploaded: 'fg.success', failed: 'fg.error' } as const;

function DocumentsPanel({ documents, onFiles }: { documents: DemoDocument[]; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState(false);

  function addFiles(chosen: File[]) {
    const accepted = chosen.filter(isAcceptedDemoFile);
    setRejected(accepted.length < chosen.length);
    onFiles(accepted);
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
      <SourceList label={t('demo.knowledge.documents')}>
        {documents.map((document, index) => (
          <SourceItem key={`${document.name}-${index}`} name={document.name}>
            <Text color={DOCUMENT_STATUS_COLORS[document.status]} flexShrink={0} fontSize="sm" title={document.error}>
              {document.status === 'uploading' && <Spinner size="xs" marginEnd="1" />}
              {t(`demo.knowledge.status.${document.status}`)}
            </Text>
          </SourceItem>
        ))}
      </SourceList>
      {documents.some((document) => document.status === 'failed') && (
        <Text color="fg.error" fontSize="sm">
          {documents.find((document) => document.status === 'failed')?.error}
        </Text>
      )}
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
      if (crawl.status === 'failed') setError(crawl.error_message || t('demo.website.failed'));
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
      <FieldFrame label={t('demo.website.url')} issue={error}>
        <HStack width="full">
          <Input type="url" value={url} placeholder="https://www.example.com" onChange={(event) => setUrl(event.currentTarget.value)} />
          {url.trim() && (
            <Text color="fg.success" aria-label={t('demo.website.entered')} role="img">
              ✓
            </Text>
          )}
        </HStack>
      </FieldFrame>
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
        <SourceList label={t('demo.website.pages')}>
          {pages.map((page, index) => (
            <SourceItem key={`${page.url}-${index}`} name={page.url}>
              <Text color="fg.success" flexShrink={0}>
                {t('demo.website.done')}
              </Text>
            </SourceItem>
          ))}
        </SourceList>
      )}
    </Stack>
  );
}

/**
 * Step 2: documents (PDF, TXT or Markdown up to 2 MB, uploaded as soon as they are chosen, each with
 * its status) or web pages (read at once); Continue appears once the bot knows something. What was
 * added is remembered across reloads of the tab.
 */
export function KnowledgeStep({ botId, token, onDone }: { botId: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [documents, setDocuments] = useDemoMemory<DemoDocument[]>(token, 'documents', []);
  const [pages, setPages] = useDemoMemory<DemoCrawl[]>(token, 'pages', []);

  function upload(files: File[]) {
    const setStatus = (name: string, next: DemoDocument) =>
      setDocuments((list) => list.map((document) => (document.name === name && document.status === 'uploading' ? next : document)));
    setDocuments((list) => [...list, ...files.map((file) => ({ name: file.name, status: 'uploading' as const }))]);
    for (const file of files) {
      demoApi.uploadDocument(botId, token, file).then(
        () => setStatus(file.name, { name: file.name, status: 'uploaded' }),
        (error: unknown) =>
          setStatus(file.name, { name: file.name, status: 'failed', error: error instanceof Error ? error.message : String(error) }),
      );
    }
  }

  const knowsSomething = documents.some((document) => document.status === 'uploaded') || pages.length > 0;
  return (
    <Stack gap="4">
      <Tabs.Root defaultValue="documents" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="documents">{t('demo.knowledge.documentsTab')}</Tabs.Trigger>
          <Tabs.Trigger value="website">{t('demo.knowledge.websiteTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="documents">
          <DocumentsPanel documents={documents} onFiles={upload} />
        </Tabs.Content>
        <Tabs.Content value="website">
          <WebsitePanel botId={botId} token={token} pages={pages} onPageRead={(page) => setPages((list) => [...list, page])} />
        </Tabs.Content>
      </Tabs.Root>
      {knowsSomething && (
        <Button
          alignSelf="start"
          colorPalette="brand"
          disabled={documents.some((document) => document.status === 'uploading')}
          onClick={onDone}
        >
          {t('demo.continue')}
        </Button>
      )}
    </Stack>
  );
}

/** The demo's sources so far, named for screen readers. */
function SourceList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0" aria-label={label}>
      {children}
    </Stack>
  );
}

/** One source: its name, cut to fit, and its state at the end of the line. */
function SourceItem({ name, children }: { name: string; children: ReactNode }) {
  return (
    <HStack as="li" justify="space-between" gap="3" borderWidth="1px" borderRadius="md" paddingX="3" paddingY="1">
      <Text truncate>{name}</Text>
      {children}
    </HStack>
  );
}
