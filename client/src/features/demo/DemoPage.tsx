import { Check } from 'lucide-react';
import { Alert, Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Steps } from '../../ui/chakra/Steps.ts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { PageBar } from '../../ui/PageBar.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SIGN_UP_PATH } from '../landing/links.ts';
import { ChatStep } from './ChatStep.tsx';
import { DemoCountdown } from './DemoCountdown.tsx';
import { KnowledgeStep } from './KnowledgeStep.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import { useDemoMemory } from './demoMemory.ts';
import { forgetDemoSession, useDemoSession, type DemoProgress } from './useDemoSession.ts';

const STEPS = ['template', 'knowledge', 'chat'] as const;

function SignUpButton() {
  const { t } = useTranslation();
  return (
    <LinkButton to={SIGN_UP_PATH} colorPalette="brand">
      {t('demo.getStarted')}
    </LinkButton>
  );
}

function ExpiredDialog({ blocking, onClose }: { blocking: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog open blocking={blocking} onClose={onClose} role="alertdialog" title={t('demo.expired.title')} footer={<SignUpButton />}>
      <Text>{t('demo.expired.description')}</Text>
    </ModalDialog>
  );
}

/** The step a demo resumes at: choose a bot, then teach it, then chat once it knows something. */
function resumeStep(progress: DemoProgress | null): number {
  if (!progress) return 0;
  return progress.knowledgeCount > 0 ? 2 : 1;
}

function DemoWizard({ token, progress }: { token: string; progress: DemoProgress | null }) {
  const { t } = useTranslation();
  const [createdBotId, setCreatedBotId] = useState<string | null>(null);
  const botId = createdBotId ?? progress?.botId ?? null;
  // The server knows the bot and its knowledge; the tab remembers which step the visitor was at.
  const [rememberedStep, setStep] = useDemoMemory<number | null>(token, 'step', null);
  const step = botId ? (rememberedStep ?? resumeStep(progress)) : 0;
  return (
    <Steps.Root step={step} count={STEPS.length} colorPalette="brand">
      {/* A plain ordered list in place of Steps.List: these steps are progress, not tabs, and Ark's tablist
          roles would point at triggers that are never rendered. */}
      <Flex
        as="ol"
        listStyleType="none"
        justify="space-between"
        align="center"
        gap={{ base: '2', sm: '0' }}
        css={{ '--steps-gutter': 'var(--chakra-spacing-3)' }}
      >
        {STEPS.map((name, index) => (
          // On a phone only the current step shows its title (the others keep it for screen readers), in
          // the room the separators had: three French titles do not fit 375 px.
          <Steps.Item key={name} index={index} as="li" minWidth="0">
            {/* Fixed size: a long title must not squeeze the circle; done steps show a check. */}
            <Steps.Indicator flexShrink={0} width="8" height="8">
              <Steps.Status incomplete={<Steps.Number />} complete={<Check aria-hidden="true" size={16} />} />
            </Steps.Indicator>
            <Steps.Title minWidth="0" srOnly={index === step ? undefined : { base: true, sm: false }}>
              {t(`demo.steps.${name}`)}
            </Steps.Title>
            <Steps.Separator hideBelow="sm" />
          </Steps.Item>
        ))}
      </Flex>
      <Box marginTop="6">
        {step === 0 && (
          <TemplateStep
            token={token}
            onBotCreated={(id) => {
              setCreatedBotId(id);
              setStep(() => 1);
            }}
          />
        )}
        {step === 1 && botId && <KnowledgeStep botId={botId} token={token} onDone={() => setStep(() => 2)} />}
        {step === 2 && botId && <ChatStep botId={botId} token={token} />}
      </Box>
    </Steps.Root>
  );
}

/** `/demo`: a one-hour demo on the demo REST calls, no account needed. */
export function Component() {
  const { t } = useTranslation();
  const session = useDemoSession();
  const [timeUp, setTimeUp] = useState(false);
  const [expiredDismissed, setExpiredDismissed] = useState(false);
  const onExpired = useCallback(() => {
    forgetDemoSession();
    setTimeUp(true);
  }, []);

  return (
    <Box minHeight="100vh" bg="bg.subtle">
      <PageBar as="header" bg="bg">
        <LinkButton to="/" variant="ghost" size="sm">
          {t('auth.backHome')}
        </LinkButton>
        <HStack gap="3">
          {session.status === 'ready' && <DemoCountdown expiresAt={session.expiresAt} onExpired={onExpired} />}
          <LanguageSwitcher />
        </HStack>
      </PageBar>
      <Stack as="main" gap="8" maxWidth="5xl" marginX="auto" paddingX="4" paddingY="8">
        <PageHeader title={t('demo.title')} subtitle={t('demo.subtitle')} />
        {session.status === 'starting' && <PageSpinner />}
        {session.status === 'failed' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('demo.startFailed')}</Alert.Title>
          </Alert.Root>
        )}
        {session.status === 'ready' && <DemoWizard token={session.token} progress={session.progress} />}
        <Card.Root>
          <Card.Body gap="3" alignItems="start">
            <Heading as="h2" size="lg">
              {t('demo.cta.title')}
            </Heading>
            <Text color="fg.muted">{t('demo.cta.body')}</Text>
            <SignUpButton />
          </Card.Body>
        </Card.Root>
      </Stack>
      {timeUp && <ExpiredDialog blocking onClose={() => undefined} />}
      {session.status === 'expired' && !expiredDismissed && <ExpiredDialog blocking={false} onClose={() => setExpiredDismissed(true)} />}
    </Box>
  );
}
