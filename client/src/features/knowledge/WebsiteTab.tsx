import { Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { CrawlHistory } from './CrawlHistory.tsx';
import { checkCrawlUrl } from './crawlUrl.ts';
import { LoadBoundary } from './LoadBoundary.tsx';
import { useStartCrawl } from './useStartCrawl.ts';

const SINGLE_PAGE = 0;
const ENTIRE_SITE = 1;

function CrawlForm({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [depthStarting, setDepthStarting] = useState<number | null>(null);
  const startCrawl = useStartCrawl(botId);
  const starting = startCrawl.inFlight;
  const check = checkCrawlUrl(url);

  function start(maxDepth: number) {
    setDepthStarting(maxDepth);
    startCrawl.start({ url: url.trim(), maxDepth }, () => setDepthStarting(null));
  }

  const showCheck = touched || url !== '';
  return (
    <Stack gap="3">
      <Field.Root invalid={showCheck && (check === 'missing' || check === 'invalid')}>
        <Field.Label>{t('knowledge.website.urlLabel')}</Field.Label>
        <Input
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder={t('knowledge.website.urlPlaceholder')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        {showCheck && check === 'missing' && (
          <Field.ErrorText>
            <strong>{t('knowledge.website.missingTitle')}</strong>: {t('knowledge.website.missingMessage')}
          </Field.ErrorText>
        )}
        {showCheck && check === 'invalid' && (
          <Field.ErrorText>
            <strong>{t('knowledge.website.invalidTitle')}</strong>: {t('knowledge.website.invalidMessage')}
          </Field.ErrorText>
        )}
        {check === 'private' && (
          <Field.HelperText color="orange.fg">
            <strong>{t('knowledge.website.privateTitle')}</strong>: {t('knowledge.website.privateMessage')}
          </Field.HelperText>
        )}
        {check === 'valid' && (
          <Field.HelperText color="fg.success">
            <strong>{t('knowledge.website.validTitle')}</strong>: {t('knowledge.website.validMessage')}
          </Field.HelperText>
        )}
      </Field.Root>
      <HStack gap="2" flexWrap="wrap">
        <Button
          disabled={check === 'missing' || check === 'invalid' || starting}
          loading={starting && depthStarting === SINGLE_PAGE}
          onClick={() => start(SINGLE_PAGE)}
        >
          {t('knowledge.website.singlePage')}
        </Button>
        <Button
          variant="outline"
          disabled={check === 'missing' || check === 'invalid' || starting}
          loading={starting && depthStarting === ENTIRE_SITE}
          onClick={() => start(ENTIRE_SITE)}
        >
          {t('knowledge.website.entireSite')}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('knowledge.website.scopeHint')}
      </Text>
    </Stack>
  );
}

export function WebsiteTab({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const [historyFetchKey, setHistoryFetchKey] = useState(0);
  return (
    <Stack gap="6">
      <PageHeader title={t('knowledge.website.heading')} subtitle={t('knowledge.website.intro')} level="tab" />
      <CrawlForm botId={botId} />
      <LoadBoundary
        fallback={(retry) => (
          <ErrorPanel
            title={t('knowledge.website.historyFailed')}
            message={t('knowledge.website.historyFallback')}
            onRetry={() => {
              setHistoryFetchKey((key) => key + 1);
              retry();
            }}
          />
        )}
      >
        <Suspense fallback={<Spinner aria-label={t('common.loading')} />}>
          <CrawlHistory botId={botId} fetchKey={historyFetchKey} />
        </Suspense>
      </LoadBoundary>
    </Stack>
  );
}
