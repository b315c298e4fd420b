import { Box, Button, Field, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { MAX_IMAGE_BYTES } from './botDraft.ts';

/** A browser URL for a chosen file, revoked when the file changes or the component goes. */
export function useFileUrl(file: File | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** An icon or logo: `previewUrl` is the newly chosen file's, before it is saved, else the saved image's. */
export function ImageField({
  label,
  previewUrl,
  hasNewFile,
  onFileChange,
}: {
  label: string;
  previewUrl: string | null;
  hasNewFile: boolean;
  onFileChange: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);

  function choose([chosen]: File[]) {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setError(t('editor.validation.image', { file: chosen.name }));
    } else if (chosen.size > MAX_IMAGE_BYTES) {
      setError(t('editor.validation.imageTooLarge', { file: chosen.name }));
    } else {
      setError(null);
      onFileChange(chosen);
    }
  }

  return (
    <Field.Root invalid={error !== null}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      <HStack gap="4" align="center">
        <Box
          width="16"
          height="16"
          borderWidth="1px"
          borderRadius="md"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
          flexShrink={0}
          bg="bg.muted"
        >
          {previewUrl ? (
            <Image
              src={previewUrl}
              alt={t('editor.details.imagePreview', { field: label })}
              maxWidth="100%"
              maxHeight="100%"
              objectFit="contain"
            />
          ) : (
            <Text fontSize="xs" color="fg.muted" textAlign="center" paddingX="1">
              {t('editor.details.noImage')}
            </Text>
          )}
        </Box>
        <Stack gap="1" minWidth="0">
          <FilePicker id={inputId} label={t('editor.details.chooseImage')} accept="image/*" look="outline" onFiles={choose} />
          {hasNewFile && (
            <Button size="xs" variant="ghost" alignSelf="start" onClick={() => onFileChange(undefined)}>
              {t('editor.details.removeImage', { field: label })}
            </Button>
          )}
        </Stack>
      </HStack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{t('editor.details.imageHelp')}</Field.HelperText>}
    </Field.Root>
  );
}
