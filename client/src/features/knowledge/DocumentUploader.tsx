import { Alert, Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { Progress } from '../../ui/chakra/Progress.ts';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { databaseIdOf } from '../../relay/globalId.ts';
import { ApiError } from '../../session/api.ts';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { ACCEPT_ATTRIBUTE, sortSelection, type Rejection } from './documentRules.ts';
import { uploadDocument } from './uploadDocument.ts';

interface Upload {
  key: number;
  fileName: string;
  /** 0 to 100 */
  percent: number;
}

/**
 * Picks or receives dropped files, refuses the ones the spec does not accept (naming each) and
 * uploads the others at once, each with its own progress bar.
 */
export function DocumentUploader({ botId, onBatchFinished }: { botId: string; onBatchFinished: () => void }) {
  const { t } = useTranslation();
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [dragging, setDragging] = useState(false);

  const rejectionMessage = (rejection: Rejection) => {
    const values = { fileName: rejection.fileName };
    if (rejection.reason === 'type') return t('knowledge.documents.rejectedType', values);
    if (rejection.reason === 'size') return t('knowledge.documents.rejectedSize', values);
    return t('knowledge.documents.rejectedEmpty', values);
  };

  async function uploadOne(file: File) {
    const key = nextKey.current++;
    const setPercent = (percent: number) =>
      setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, percent } : upload)));
    setUploads((current) => [...current, { key, fileName: file.name, percent: 0 }]);
    try {
      await uploadDocument(
        databaseIdOf(botId),
        file,
        (fraction) => setPercent(Math.round(fraction * 100)),
        t('knowledge.documents.toast.uploadFallback'),
      );
      toaster.create({
        type: 'success',
        title: t('knowledge.documents.toast.uploaded'),
        description: t('knowledge.documents.toast.uploadedDescription', { fileName: file.name }),
      });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('knowledge.documents.toast.uploadFailed', { fileName: file.name }),
        description: error instanceof ApiError ? error.message : t('knowledge.documents.toast.uploadFallback'),
      });
    } finally {
      setUploads((current) => current.filter((upload) => upload.key !== key));
    }
  }

  function receive(files: readonly File[]) {
    if (files.length === 0) return;
    const { accepted, rejected } = sortSelection(files);
    setRejections(rejected);
    if (accepted.length > 0) void Promise.all(accepted.map(uploadOne)).then(onBatchFinished);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    receive(Array.from(event.dataTransfer.files));
  }

  return (
    <Stack gap="3">
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : 'border'}
        bg={dragging ? 'brand.subtle' : undefined}
        borderRadius="lg"
        padding="6"
      >
        <Stack align="center" gap="2" textAlign="center">
          <Text color="fg.muted">{t('knowledge.documents.dropHint')}</Text>
          <FilePicker label={t('knowledge.documents.chooseFiles')} multiple accept={ACCEPT_ATTRIBUTE} onFiles={receive} />
        </Stack>
      </Box>
      {rejections.length > 0 && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('knowledge.documents.rejectedTitle')}</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="1" paddingStart="4" listStyleType="disc">
                {rejections.map((rejection, index) => (
                  <li key={`${rejection.fileName}-${index}`}>{rejectionMessage(rejection)}</li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label={t('knowledge.documents.dismiss')} onClick={() => setRejections([])} />
        </Alert.Root>
      )}
      {uploads.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
          {uploads.map((upload) => (
            <li key={upload.key}>
              <Progress.Root value={upload.percent} size="sm">
                <HStack justify="space-between">
                  <Progress.Label>{t('knowledge.documents.uploading', { fileName: upload.fileName })}</Progress.Label>
                  <Progress.ValueText />
                </HStack>
                <Progress.Track aria-label={t('knowledge.documents.uploading', { fileName: upload.fileName })}>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
