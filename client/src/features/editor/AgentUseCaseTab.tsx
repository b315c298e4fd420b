import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { AgentUseCaseTabGeneratePromptMutation } from './__generated__/AgentUseCaseTabGeneratePromptMutation.graphql.ts';
import { BOT_TEXT_LIMITS, RESPONSE_STYLES, TONES, USE_CASES, type Tone } from '@chatbot/common/bots';
import type { BotDraft, DraftField } from './botDraft.ts';

const isOneOf = <Values extends readonly string[]>(values: Values, value: string): value is Values[number] => values.includes(value);

/** Step one: what the bot is for, and the prompt generated from it, which the user may edit. */
export function AgentUseCaseTab({
  draft,
  onChange,
  fieldErrors,
  onContinue,
}: {
  draft: BotDraft;
  onChange: (patch: Partial<BotDraft>) => void;
  fieldErrors: Set<DraftField>;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const [continueTried, setContinueTried] = useState(false);
  const generate = useFormMutation<AgentUseCaseTabGeneratePromptMutation>(
    graphql`
      mutation AgentUseCaseTabGeneratePromptMutation($useCase: String!, $description: String!) {
        generatePrompt(useCase: $useCase, description: $description) {
          ... on GeneratedPrompt {
            prompt
            tone
            responseStyle
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('editor.toast.generateFailed') },
  );
  const generating = generate.inFlight;

  const missing = (field: DraftField | 'prompt', empty: boolean) =>
    empty && (continueTried || (field !== 'prompt' && fieldErrors.has(field)));
  const nameMissing = missing('name', !draft.name.trim());
  const useCaseMissing = missing('useCase', !draft.useCase);
  const descriptionMissing = missing('description', !draft.description.trim());
  const promptMissing = missing('prompt', !draft.prompt.trim());

  function generatePrompt() {
    if (!draft.useCase || !draft.description.trim()) {
      toaster.create({
        type: 'error',
        title: t('editor.validation.missingInformation'),
        description: t('editor.validation.generateNeeds'),
      });
      return;
    }
    generate.submit({
      variables: { useCase: draft.useCase, description: draft.description.trim() },
      onSuccess: ({ generatePrompt: result }) => {
        if (result.prompt === undefined) return;
        const patch: Partial<BotDraft> = { prompt: result.prompt };
        if (result.tone && isOneOf(TONES, result.tone)) patch.tone = result.tone as Tone;
        if (result.responseStyle && isOneOf(RESPONSE_STYLES, result.responseStyle)) patch.responseStyle = result.responseStyle;
        onChange(patch);
        toaster.create({ type: 'success', title: t('editor.toast.promptGenerated') });
      },
    });
  }

  function continueToDetails() {
    if (!draft.name.trim() || !draft.useCase || !draft.description.trim() || !draft.prompt.trim()) {
      setContinueTried(true);
      toaster.create({
        type: 'error',
        title: t('editor.validation.missingInformation'),
        description: t('editor.validation.continueNeeds'),
      });
      return;
    }
    onContinue();
  }

  return (
    <Stack gap="5" maxWidth="3xl" paddingTop="4">
      <Heading as="h2" size="lg">
        {t('editor.useCase.heading')}
      </Heading>
      <TextField
        label={t('editor.useCase.name')}
        required
        value={draft.name}
        maxLength={BOT_TEXT_LIMITS.name}
        onChange={(name) => onChange({ name })}
        issue={nameMissing ? t('editor.validation.required') : undefined}
      />
      <SelectField
        label={t('editor.useCase.useCase')}
        required
        value={draft.useCase}
        placeholder={t('editor.useCase.chooseUseCase')}
        options={USE_CASES.map((value) => ({ value, label: t(`chatbots.useCases.${value}`) }))}
        onChange={(useCase) => onChange({ useCase })}
        issue={useCaseMissing ? t('editor.validation.required') : undefined}
      />
      <TextAreaField
        label={t('editor.useCase.description')}
        required
        value={draft.description}
        rows={5}
        maxLength={BOT_TEXT_LIMITS.description}
        onChange={(description) => onChange({ description })}
        issue={descriptionMissing ? t('editor.validation.required') : undefined}
        helper={t('editor.useCase.descriptionHelp')}
      />
      <HStack>
        <Button
          variant="outline"
          colorPalette="brand"
          loading={generating}
          loadingText={t('editor.useCase.generating')}
          onClick={generatePrompt}
        >
          {t('editor.useCase.generate')}
        </Button>
      </HStack>
      <TextAreaField
        label={t('editor.useCase.prompt')}
        required
        value={draft.prompt}
        rows={10}
        maxLength={BOT_TEXT_LIMITS.prompt}
        onChange={(prompt) => onChange({ prompt })}
        issue={promptMissing ? t('editor.validation.required') : undefined}
        helper={t('editor.useCase.promptHelp')}
      />
      <HStack justify="end">
        <Button colorPalette="brand" onClick={continueToDetails}>
          {t('editor.useCase.continue')}
        </Button>
      </HStack>
    </Stack>
  );
}
