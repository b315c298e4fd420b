import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QA_PAIR_LIMITS } from '@chatbot/common/qaPairs';
import { ConnectionHandler, graphql } from 'react-relay';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { WriteAnswerDialogMutation } from './__generated__/WriteAnswerDialogMutation.graphql.ts';

const FIELDS = ['question', 'answer'] as const;
type AnswerField = (typeof FIELDS)[number];

/** The exchange being fixed: its question, what the bot answered, and where Needs attention lists it, if it does. */
export interface ItemToFix {
  listed?: { groupId: string; connectionId: string };
  botId: string;
  botName: string;
  question: string;
  botAnswer: string;
}

/**
 * "Write the right answer": the owner's answer to a question that needs attention, saved as a Q&A
 * pair of the bot; the bot answers it from then on, and the item leaves the list.
 */
export function WriteAnswerDialog({ item, open, onClose }: { item: ItemToFix; open: boolean; onClose: () => void }) {
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
  return (
    <>
      <Button
        alignSelf="flex-start"
        size="sm"
        variant={emphasis}
        colorPalette={emphasis === 'solid' ? 'brand' : undefined}
        aria-label={t('attention.fix.buttonLabel', { question: item.question })}
        onClick={() => setOpen(true)}
      >
        {t('attention.fix.button')}
      </Button>
      {open && <WriteAnswerDialog item={item} open onClose={() => setOpen(false)} />}
    </>
  );
}
