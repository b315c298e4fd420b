import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QA_PAIR_LIMITS } from '@chatbot/common/qaPairs';
import { ConnectionHandler, graphql, type PreloadedQuery } from 'react-relay';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { ExplanationPanel, useExplanationLoader } from './WhyThisAnswer.tsx';
import type { WhyThisAnswerQuery } from './__generated__/WhyThisAnswerQuery.graphql.ts';
import type { WriteAnswerDialogMutation } from './__generated__/WriteAnswerDialogMutation.graphql.ts';

const FIELDS = ['question', 'answer'] as const;
type AnswerField = (typeof FIELDS)[number];

/** The exchange being fixed: its question, what the bot answered, and where Needs attention lists it, if it does. */
export interface ItemToFix {
  listed?: { groupId: string; connectionId: string };
  /** The exchange's answer, whose given passages the dialog shows; absent when there is none to show. */
  chatLogId?: string;
  botId: string;
  botName: string;
  question: string;
  botAnswer: string;
}

/**
 * "Write the right answer": the owner's answer to a question that needs attention, beside what the
 * bot answered and the passages it was given (`explanation`, loaded when the dialog opened), saved
 * as a Q&A pair of the bot; the bot answers it from then on, and the item leaves the list.
 */
export function WriteAnswerDialog({
  item,
  explanation,
  open,
  onClose,
}: {
  item: ItemToFix;
  explanation?: PreloadedQuery<WhyThisAnswerQuery> | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState(item.question);
  const [answer, setAnswer] = useState('');
  const save = useFormMutation<WriteAnswerDialogMutation, AnswerField>(
    graphql`
      mutation WriteAnswerDialogMutation($botId: ID!, $input: QaPairInput!) {
        createQaPair(botId: $botId, input: $input) {
          ... on QaPair {
            id
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { fields: FIELDS, failedTitle: t('attention.fix.failed') },
  );

  function submit() {
    if (!answer.trim()) {
      save.setIssues({ answer: t('attention.fix.answerRequired') });
      return;
    }
    save.submit({
      variables: { botId: item.botId, input: { question, answer } },
      updater: (store, response) => {
        const connection = item.listed && store.get(item.listed.connectionId);
        if (connection && response?.createQaPair && !response.createQaPair.error)
          ConnectionHandler.deleteNode(connection, item.listed!.groupId);
      },
      onSuccess: () => {
        toaster.create({
          type: 'success',
          title: t('attention.fix.saved'),
          description: t('attention.fix.savedDescription', { bot: item.botName }),
        });
        onClose();
      },
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('attention.fix.title')}
      submitLabel={t('attention.fix.save')}
      submitting={save.inFlight}
      onSubmit={submit}
    >
      <TextField
        label={t('attention.fix.question')}
        required
        maxLength={QA_PAIR_LIMITS.question}
        {...save.bindField('question', question, setQuestion)}
      />
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('attention.fix.botAnswer')}
        </Text>
        <Box fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          <AnswerText text={item.botAnswer} />
        </Box>
      </Stack>
      {explanation && (
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {t('attention.why.usedTitle')}
          </Text>
          <ExplanationPanel queryRef={explanation} />
        </Stack>
      )}
      <TextAreaField
        label={t('attention.fix.answer')}
        required
        rows={5}
        maxLength={QA_PAIR_LIMITS.answer}
        helper={t('attention.fix.answerHelp')}
        {...save.bindField('answer', answer, setAnswer)}
      />
    </FormDialog>
  );
}

/** "Write the right answer" for one exchange, with its dialog. */
export function WriteAnswerButton({ item, emphasis = 'outline' }: { item: ItemToFix; emphasis?: 'solid' | 'outline' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const explanation = useExplanationLoader();
  function openDialog() {
    if (item.chatLogId) explanation.load(item.chatLogId);
    setOpen(true);
  }
  function closeDialog() {
    explanation.dispose();
    setOpen(false);
  }
  return (
    <>
      <Button
        alignSelf="flex-start"
        size="sm"
        variant={emphasis}
        colorPalette={emphasis === 'solid' ? 'brand' : undefined}
        aria-label={t('attention.fix.buttonLabel', { question: item.question })}
        onClick={openDialog}
      >
        {t('attention.fix.button')}
      </Button>
      {open && <WriteAnswerDialog item={item} explanation={explanation.queryRef} open onClose={closeDialog} />}
    </>
  );
}
