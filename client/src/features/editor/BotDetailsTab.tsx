import { Box, chakra, Grid, Heading, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Fieldset } from '../../ui/chakra/Fieldset.ts';
import { Switch } from '../../ui/chakra/Switch.ts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { FieldFrame, TextField } from '../../ui/TextField.tsx';
import {
  BOT_LANGUAGES,
  BOT_TEXT_LIMITS,
  CHAT_POSITIONS,
  CREATIVITY_MAX,
  FOLLOW_UP_BEHAVIORS,
  MAX_TOKENS_LIMIT,
  RESPONSE_STYLES,
  TONES,
  type Tone,
} from '@chatbot/common/bots';
import { isHexColor, type BotDraft, type DraftField, type ImageKind, type NewImages } from './botDraft.ts';
import { ImageField, useFileUrl } from './ImageField.tsx';
import { WidgetPreview } from './WidgetPreview.tsx';

function SwitchField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)} colorPalette="brand">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

/** Step two: how the bot talks and how its widget looks, with a live preview. */
export function BotDetailsTab({
  draft,
  onChange,
  fieldErrors,
  images,
  onImagesChange,
  savedImages,
}: {
  draft: BotDraft;
  onChange: (patch: Partial<BotDraft>) => void;
  fieldErrors: Set<DraftField>;
  images: NewImages;
  onImagesChange: (images: NewImages) => void;
  savedImages: Record<ImageKind, string | null>;
}) {
  const { t } = useTranslation();
  const logoUrl = useFileUrl(images.logo) ?? savedImages.logo;
  const iconUrl = useFileUrl(images.icon) ?? savedImages.icon;
  const optionsOf = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const setImage = (kind: ImageKind) => (file: File | undefined) => onImagesChange({ ...images, [kind]: file });

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap="8" paddingTop="4" alignItems="start">
      <Stack gap="5">
        <Heading as="h2" size="lg">
          {t('editor.details.heading')}
        </Heading>
        <TextField
          label={t('editor.details.displayName')}
          required
          value={draft.displayName}
          maxLength={BOT_TEXT_LIMITS.displayName}
          onChange={(displayName) => onChange({ displayName })}
          issue={fieldErrors.has('displayName') ? t('editor.validation.required') : undefined}
          helper={t('editor.details.displayNameHelp')}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField
            label={t('editor.details.tone')}
            value={draft.tone}
            options={optionsOf(TONES, 'editor.details.tones')}
            onChange={(tone) => onChange({ tone: tone as Tone })}
          />
          <SelectField
            label={t('editor.details.responseStyle')}
            value={draft.responseStyle}
            options={optionsOf(RESPONSE_STYLES, 'editor.details.responseStyles')}
            onChange={(responseStyle) => onChange({ responseStyle })}
          />
        </SimpleGrid>
        {draft.tone === 'custom' && (
          <TextAreaField
            label={t('editor.details.customTone')}
            required
            value={draft.customToneDescription}
            maxLength={BOT_TEXT_LIMITS.customToneDescription}
            onChange={(customToneDescription) => onChange({ customToneDescription })}
            issue={fieldErrors.has('customTone') ? t('editor.validation.customTone') : undefined}
          />
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField
            label={t('editor.details.language')}
            value={draft.languageCode}
            options={optionsOf(BOT_LANGUAGES, 'editor.details.languages')}
            onChange={(languageCode) => onChange({ languageCode })}
          />
          <SelectField
            label={t('editor.details.chatPosition')}
            value={draft.chatPosition}
            options={optionsOf(CHAT_POSITIONS, 'editor.details.positions')}
            onChange={(chatPosition) => onChange({ chatPosition })}
          />
        </SimpleGrid>
        <SwitchField label={t('editor.details.active')} checked={draft.isActive} onChange={(isActive) => onChange({ isActive })} />
        <FieldFrame
          label={t('editor.details.themeColor')}
          issue={fieldErrors.has('themeColor') ? t('editor.validation.themeColor') : undefined}
        >
          <HStack gap="3">
            <chakra.input
              type="color"
              aria-label={t('editor.details.themeColorPicker')}
              value={isHexColor(draft.themeColor) && draft.themeColor.length === 7 ? draft.themeColor : '#000000'}
              onChange={(event) => onChange({ themeColor: event.currentTarget.value })}
              width="10"
              height="10"
              padding="0"
              borderWidth="1px"
              borderRadius="md"
              cursor="pointer"
            />
            <Input
              value={draft.themeColor}
              maxLength={7}
              maxWidth="10rem"
              onChange={(event) => onChange({ themeColor: event.currentTarget.value })}
            />
          </HStack>
        </FieldFrame>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <ImageField
            label={t('editor.details.logo')}
            previewUrl={logoUrl}
            hasNewFile={Boolean(images.logo)}
            onFileChange={setImage('logo')}
          />
          <ImageField
            label={t('editor.details.icon')}
            previewUrl={iconUrl}
            hasNewFile={Boolean(images.icon)}
            onFileChange={setImage('icon')}
          />
        </SimpleGrid>
        <FieldFrame label={t('editor.details.creativityValue', { value: draft.creativity })} helper={t('editor.details.creativityHelp')}>
          <chakra.input
            type="range"
            aria-label={t('editor.details.creativity')}
            min={0}
            max={CREATIVITY_MAX}
            step={0.1}
            value={draft.creativity}
            onChange={(event) => onChange({ creativity: Math.round(Number(event.currentTarget.value) * 10) / 10 })}
            width="full"
            maxWidth="sm"
            accentColor="var(--chakra-colors-brand-solid)"
          />
        </FieldFrame>
        <FieldFrame
          label={t('editor.details.maxTokens')}
          issue={fieldErrors.has('maxTokens') ? t('editor.validation.maxTokens') : undefined}
          helper={t('editor.details.maxTokensHelp')}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TOKENS_LIMIT}
            step={1}
            maxWidth="10rem"
            value={draft.maxTokens}
            onChange={(event) => onChange({ maxTokens: event.currentTarget.value })}
          />
        </FieldFrame>
        <Fieldset.Root borderWidth="1px" borderRadius="md" padding="4">
          <Fieldset.Legend fontWeight="semibold">{t('editor.details.advanced')}</Fieldset.Legend>
          <Fieldset.Content gap="4">
            <SwitchField
              label={t('editor.details.streaming')}
              checked={draft.streaming}
              onChange={(streaming) => onChange({ streaming })}
            />
            <SwitchField
              label={t('editor.details.enableMemory')}
              checked={draft.enableMemory}
              onChange={(enableMemory) => onChange({ enableMemory })}
            />
            <SelectField
              label={t('editor.details.followUp')}
              value={draft.followUpBehavior}
              options={optionsOf(FOLLOW_UP_BEHAVIORS, 'editor.details.followUps')}
              onChange={(followUpBehavior) => onChange({ followUpBehavior })}
            />
          </Fieldset.Content>
        </Fieldset.Root>
      </Stack>
      <Box position={{ lg: 'sticky' }} top="4">
        <WidgetPreview
          displayName={draft.displayName}
          themeColor={draft.themeColor}
          chatPosition={draft.chatPosition}
          logoUrl={logoUrl}
          iconUrl={iconUrl}
        />
      </Box>
    </Grid>
  );
}
