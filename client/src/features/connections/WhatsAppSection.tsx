import { Trash2 } from 'lucide-react';
import { Alert, Box, Button, Heading, HStack, IconButton, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Code } from '../../ui/chakra/Code.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { WhatsAppSectionFragment$key } from './__generated__/WhatsAppSectionFragment.graphql.ts';
import type { WhatsAppSectionLinkMutation } from './__generated__/WhatsAppSectionLinkMutation.graphql.ts';
import type { WhatsAppSectionQrMutation } from './__generated__/WhatsAppSectionQrMutation.graphql.ts';
import type { WhatsAppSectionUnlinkMutation } from './__generated__/WhatsAppSectionUnlinkMutation.graphql.ts';
import { COUNTRY_CODES, countryOptions, DEFAULT_COUNTRY } from './countryCodes.ts';
import { checkNumberToLink, MAX_NUMBER_LENGTH, numberInput } from './phoneNumber.ts';

interface Qr {
  imageDataUrl: string;
  link: string;
  expiresAt: string;
}

/** Scan QR: opens a dialog with a fresh one-time registration code; Refresh QR makes another. */
function QrButton({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<Qr | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const createQr = useFormMutation<WhatsAppSectionQrMutation>(
    graphql`
      mutation WhatsAppSectionQrMutation($botId: ID!) {
        createWhatsAppRegistrationQr(botId: $botId) {
          ... on WhatsAppRegistrationQr {
            imageDataUrl
            link
            expiresAt
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('connections.whatsapp.qrFailed'),
      failedDescription: t('connections.whatsapp.qrFallback'),
    },
  );
  const loading = createQr.inFlight;

  function fetchQr(refresh: boolean) {
    createQr.submit({
      variables: { botId },
      onSuccess: ({ createWhatsAppRegistrationQr: { imageDataUrl, link, expiresAt } }) => {
        if (imageDataUrl === undefined || link === undefined || expiresAt === undefined) return;
        setProblem(null);
        setQr({ imageDataUrl, link, expiresAt });
        if (refresh) toaster.create({ type: 'success', title: t('connections.whatsapp.qrRefreshed') });
      },
      onFailure: (description) => setProblem(description ?? null),
    });
  }

  return (
    <>
      <Button
        alignSelf="start"
        colorPalette="brand"
        onClick={() => {
          setQr(null);
          setProblem(null);
          setOpen(true);
          fetchQr(false);
        }}
      >
        {t('connections.whatsapp.scanQr')}
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('connections.whatsapp.qrTitle')}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('connections.close')}
            </Button>
            <Button colorPalette="brand" loading={loading} onClick={() => fetchQr(true)}>
              {t('connections.whatsapp.refreshQr')}
            </Button>
          </>
        }
      >
        {problem && (
          <Alert.Root status="error" role="alert" marginBottom="3">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('connections.whatsapp.qrFailed')}</Alert.Title>
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {!qr && !problem && <Spinner aria-label={t('connections.loading')} />}
        {qr && (
          <Stack gap="3" alignItems="center" textAlign="center">
            <Text>{t('connections.whatsapp.qrHelp')}</Text>
            <Image src={qr.imageDataUrl} alt={t('connections.whatsapp.qrAlt')} width="240px" height="240px" />
            <Link href={qr.link} target="_blank" rel="noreferrer" fontSize="sm" color="brand.fg" textDecoration="underline">
              {t('connections.whatsapp.qrLink')}
            </Link>
            <Code maxWidth="full" wordBreak="break-all" whiteSpace="normal" fontSize="xs">
              {qr.link}
            </Code>
            <Text fontSize="sm" color="fg.muted">
              {t('connections.whatsapp.qrExpires', { time: qr.expiresAt })}
            </Text>
          </Stack>
        )}
      </ModalDialog>
    </>
  );
}

export function WhatsAppSection({ bot: botKey }: { bot: WhatsAppSectionFragment$key }) {
  const { t, i18n } = useTranslation();
  const bot = useFragment(
    graphql`
      fragment WhatsAppSectionFragment on Bot {
        id
        whatsAppDelivers
        whatsAppNumbers {
          id
          phoneNumber
          linkedAt
        }
      }
    `,
    botKey,
  );
  const [country, setCountry] = useState(DEFAULT_COUNTRY.region);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const [number, setNumber] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; phoneNumber: string } | null>(null);
  const link = useFormMutation<WhatsAppSectionLinkMutation>(
    graphql`
      mutation WhatsAppSectionLinkMutation($botId: ID!, $phoneNumber: String!) {
        linkWhatsAppNumber(botId: $botId, phoneNumber: $phoneNumber) {
          ... on Bot {
            ...WhatsAppSectionFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('connections.whatsapp.linkFailed'),
      failedDescription: t('connections.whatsapp.linkFallback'),
    },
  );
  const unlink = useFormMutation<WhatsAppSectionUnlinkMutation>(
    graphql`
      mutation WhatsAppSectionUnlinkMutation($botId: ID!, $numberId: ID!) {
        unlinkWhatsAppNumber(botId: $botId, numberId: $numberId) {
          ... on Bot {
            ...WhatsAppSectionFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('connections.whatsapp.deleteFailed'),
      failedDescription: t('connections.whatsapp.deleteFallback'),
    },
  );
  const dial = COUNTRY_CODES.find((entry) => entry.region === country)?.dial ?? DEFAULT_COUNTRY.dial;

  function submit() {
    const check = checkNumberToLink(bot.id, dial, number);
    if (!check.ok) {
      toaster.create({
        type: 'error',
        title: t(`connections.whatsapp.${check.problem}Title`),
        description: t(`connections.whatsapp.${check.problem}`),
      });
      return;
    }
    link.submit({
      variables: { botId: bot.id, phoneNumber: check.phoneNumber },
      onSuccess: () => {
        setNumber('');
        toaster.create({
          type: bot.whatsAppDelivers ? 'success' : 'warning',
          title: t('connections.whatsapp.linked'),
          description: t(bot.whatsAppDelivers ? 'connections.whatsapp.linkedDescription' : 'connections.whatsapp.linkedNotDelivering'),
        });
      },
    });
  }

  function remove() {
    if (!deleting) return;
    unlink.submit({
      variables: { botId: bot.id, numberId: deleting.id },
      onSuccess: () => {
        setDeleting(null);
        toaster.create({ type: 'success', title: t('connections.whatsapp.deleted') });
      },
      onFailure: () => setDeleting(null),
    });
  }

  return (
    <Stack gap="4" as="section" aria-labelledby="whatsapp-heading">
      <Stack gap="1">
        <Heading as="h3" size="md" id="whatsapp-heading">
          {t('connections.whatsapp.heading')}
        </Heading>
        <Text color="fg.muted">{t('connections.whatsapp.intro')}</Text>
      </Stack>
      {!bot.whatsAppDelivers && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('connections.whatsapp.notConfiguredTitle')}</Alert.Title>
            <Alert.Description>{t('connections.whatsapp.notConfigured')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <QrButton botId={bot.id} />
      <Stack
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Text fontWeight="semibold">{t('connections.whatsapp.manualHeading')}</Text>
        <HStack gap="2" alignItems="end" flexWrap="wrap">
          <SelectField
            label={t('connections.whatsapp.countryCode')}
            value={country}
            width="14rem"
            options={countries}
            onChange={setCountry}
          />
          <TextField
            label={t('connections.whatsapp.phoneNumber')}
            flex="1 1 12rem"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={MAX_NUMBER_LENGTH}
            placeholder={t('connections.whatsapp.phonePlaceholder')}
            value={number}
            onChange={(typed) => setNumber(numberInput(typed))}
          />
          <Button type="submit" loading={link.inFlight}>
            {t('connections.whatsapp.link')}
          </Button>
        </HStack>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">{t('connections.whatsapp.linkedHeading')}</Text>
        {bot.whatsAppNumbers.length === 0 ? (
          <Text color="fg.muted">{t('connections.whatsapp.none')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
            {bot.whatsAppNumbers.map((entry) => (
              <HStack as="li" key={entry.id} justify="space-between" borderWidth="1px" borderRadius="md" paddingX="3" paddingY="2">
                <Box>
                  <Text fontWeight="medium">+{entry.phoneNumber}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('connections.whatsapp.linkedAt', { time: entry.linkedAt })}
                  </Text>
                </Box>
                <IconButton
                  aria-label={t('connections.whatsapp.deleteLabel', { number: `+${entry.phoneNumber}` })}
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setDeleting(entry)}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('connections.whatsapp.deleteTitle')}
        message={t('connections.whatsapp.deleteMessage', { number: `+${deleting?.phoneNumber ?? ''}` })}
        confirmLabel={t('connections.whatsapp.deleteConfirm')}
        deleting={unlink.inFlight}
        onConfirm={remove}
      />
    </Stack>
  );
}
