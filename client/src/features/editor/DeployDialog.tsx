import { Box, Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Code } from '../../ui/chakra/Code.ts';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { DeployDialogMutation } from './__generated__/DeployDialogMutation.graphql.ts';

type Deployment = { state: 'deploying' } | { state: 'failed'; message: string } | { state: 'deployed'; html: string; react: string };

function Snippet({ kind, code, help }: { kind: string; code: string; help: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toaster.create({ type: 'success', title: t('editor.toast.copied') });
    } catch {
      toaster.create({ type: 'error', title: t('editor.toast.copyFailed') });
    }
  }
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {help}
      </Text>
      <Box as="pre" bg="bg.muted" borderRadius="md" padding="3" overflowY="auto" maxHeight="18rem" fontSize="xs">
        <Code variant="plain" bg="transparent" whiteSpace="pre-wrap" wordBreak="break-all">
          {code}
        </Code>
      </Box>
      <HStack justify="end">
        <Button colorPalette="brand" size="sm" onClick={copy}>
          {t('editor.deploy.copy', { kind })}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The Deploy button and its dialog: deploying the saved bot gives the embed codes to paste. */
export function DeployButton({ botId, botName }: { botId: string | null; botName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [deployment, setDeployment] = useState<Deployment>({ state: 'deploying' });
  const deployMutation = useFormMutation<DeployDialogMutation>(
    graphql`
      mutation DeployDialogMutation($id: ID!) {
        deployBot(id: $id) {
          ... on DeployPayload {
            embedCode
            embedCodeReact
            bot {
              id
              deployedAt
            }
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('editor.toast.deployFailed'),
      failedDescription: t('editor.toast.deployFailedDetail'),
    },
  );

  function deploy(id: string) {
    setDeployment({ state: 'deploying' });
    deployMutation.submit({
      variables: { id },
      onSuccess: ({ deployBot: { embedCode, embedCodeReact } }) => {
        if (embedCode === undefined || embedCodeReact === undefined) return;
        setDeployment({ state: 'deployed', html: embedCode, react: embedCodeReact });
        toaster.create({ type: 'success', title: t('editor.toast.deployed'), description: t('editor.toast.deployedDetail') });
      },
      onFailure: (description) => setDeployment({ state: 'failed', message: description || t('editor.toast.deployFailedDetail') }),
    });
  }

  return (
    <>
      <Button
        variant="outline"
        disabled={!botId}
        title={botId ? undefined : t('editor.actions.deployNeedsSave')}
        onClick={() => {
          if (!botId) return;
          setOpen(true);
          deploy(botId);
        }}
      >
        {t('editor.actions.deploy')}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={t('editor.deploy.title', { name: botName })}>
        {deployment.state === 'deploying' && (
          <Center paddingY="8" gap="3" role="status">
            <Spinner color="brand.solid" />
            <Text>{t('editor.deploy.deploying')}</Text>
          </Center>
        )}
        {deployment.state === 'failed' && (
          <ErrorPanel
            title={t('editor.toast.deployFailed')}
            message={deployment.message}
            onRetry={botId ? () => deploy(botId) : undefined}
          />
        )}
        {deployment.state === 'deployed' && (
          <Tabs.Root defaultValue="html" variant="enclosed" size="sm">
            <Tabs.List>
              <Tabs.Trigger value="html">{t('editor.deploy.html')}</Tabs.Trigger>
              <Tabs.Trigger value="react">{t('editor.deploy.react')}</Tabs.Trigger>
              <Tabs.Trigger value="wordpress">{t('editor.deploy.wordpress')}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="html">
              <Snippet kind={t('editor.deploy.html')} code={deployment.html} help={t('editor.deploy.htmlHelp')} />
            </Tabs.Content>
            <Tabs.Content value="react">
              <Snippet kind={t('editor.deploy.react')} code={deployment.react} help={t('editor.deploy.reactHelp')} />
            </Tabs.Content>
            <Tabs.Content value="wordpress">
              <Text fontSize="sm">{t('editor.deploy.wordpressHelp')}</Text>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </ModalDialog>
    </>
  );
}
