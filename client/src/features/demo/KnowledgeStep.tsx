import { Alert, Button, CloseButton, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { demoApi } from './demoApi.ts';

export const DEMO_MAX_FILE_BYTES = 2 * 1024 * 1024;
const ACCEPTED_TYPES = ['application/pdf', 'text/plain', 'text/markdown'];
const ACCEPTED_EXTENSIONS = ['pdf', 'txt', 'md', 'markdown'];

export function isAcceptedDemoFile(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (ACCEPTED_TYPES.includes(file.type) || ACCEPTED_EXTENSIONS.includes(extension)) && file.size <= DEMO_MAX_FILE_BYTES;
}

/** Step 2: choose documents (PDF, TXT or Markdown up to 2 MB); Continue uploads them. */
export function KnowledgeStep({ botId, token, onDone }: { botId: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState(false);
  const [uploading, setUploading] = useState(false);

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const accepted = chosen.filter(isAcceptedDemoFile);
    setRejected(accepted.length < chosen.length);
    setFiles((list) => [...list, ...accepted]);
  }

  async function uploadAll() {
    setUploading(true);
    // Upload failures stay silent (spec 000, section 8): the chat still works on the template alone.
    await Promise.allSettled(files.map((file) => demoApi.uploadDocument(botId, token, file)));
    setUploading(false);
    onDone();
  }

  return (
    <Stack gap="4">
      <Text>{t('demo.knowledge.help')}</Text>
      <Input type="file" multiple accept=".pdf,.txt,.md,.markdown" onChange={addFiles} aria-label={t('demo.knowledge.choose')} padding="1" />
      {rejected && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('demo.knowledge.rejected')}</Alert.Title>
        </Alert.Root>
      )}
      <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0">
        {files.map((file, index) => (
          <HStack as="li" key={`${file.name}-${index}`} justify="space-between" borderWidth="1px" borderRadius="md" paddingX="3" paddingY="1">
            <Text truncate>{file.name}</Text>
            <CloseButton size="xs" aria-label={t('demo.knowledge.remove', { name: file.name })} onClick={() => setFiles((list) => list.filter((_, at) => at !== index))} />
          </HStack>
        ))}
      </Stack>
      {files.length > 0 && (
        <Button alignSelf="start" colorPalette="brand" loading={uploading} onClick={() => void uploadAll()}>
          {t('demo.continue')}
        </Button>
      )}
    </Stack>
  );
}
