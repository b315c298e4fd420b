import { Badge, Button, Card, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanGrid } from './PlanSummary.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { CreditPackCardFragment$key } from './__generated__/CreditPackCardFragment.graphql.ts';
import type { CreditsViewFragment$key } from './__generated__/CreditsViewFragment.graphql.ts';
import { useCheckout } from './checkout.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

function CreditPackCard({
  pack,
  buying,
  disabled,
  onBuy,
}: {
  pack: CreditPackCardFragment$key;
  buying: boolean;
  disabled: boolean;
  onBuy: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = useFragment(
    graphql`
      fragment CreditPackCardFragment on PaymentPlan {
        id
        name
        description
        price
        currency
        creditAmount
        bonusCredits
        isPopular
      }
    `,
    pack,
  );
  return (
    <Card.Root as="article" size="sm" borderColor={data.isPopular ? 'brand.solid' : undefined}>
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          {data.name}
        </Heading>
        <Text fontSize="2xl" fontWeight="bold">
          {format(data.price, 'money', { currency: data.currency })}
        </Text>
        <Text>{t('billing.credits.packCredits', { credits: data.creditAmount ?? 0 })}</Text>
        {data.bonusCredits > 0 && (
          <Badge colorPalette="green" alignSelf="start">
            {t('billing.credits.bonus', { credits: data.bonusCredits })}
          </Badge>
        )}
        {data.description && (
          <Text fontSize="sm" color="fg.muted">
            {data.description}
          </Text>
        )}
      </Card.Body>
      <Card.Footer>
        <Button
          colorPalette="brand"
          width="full"
          loading={buying}
          disabled={disabled}
          aria-label={t('billing.credits.buyLabel', { name: data.name })}
          onClick={() => onBuy(data.id)}
        >
          {t('billing.credits.buy')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** Credit mode: the balance (total minus used), what was used, and the packs on sale. */
export function CreditsView({
  billing,
  packs,
}: {
  billing: CreditsViewFragment$key;
  packs: ReadonlyArray<CreditPackCardFragment$key & { readonly id: string }>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { credits } = useFragment(
    graphql`
      fragment CreditsViewFragment on Billing {
        credits {
          totalCredits
          usedCredits
          balance
        }
      }
    `,
    billing,
  );
  const checkout = useCheckout('credit');
  const [chosenPack, setChosenPack] = useState<string | null>(null);

  function buy(packId: string) {
    setChosenPack(packId);
    checkout.start(packId);
  }

  return (
    <Stack gap="6">
      <SectionCard titleId="credits-title" title={t('billing.credits.title')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Stat.Root>
            <Stat.Label>{t('billing.credits.remaining')}</Stat.Label>
            <Stat.ValueText>{format(credits.balance, 'credits')}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>{t('billing.credits.used')}</Stat.Label>
            <Stat.ValueText>{format(credits.usedCredits, 'credits')}</Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t('billing.credits.total', { total: credits.totalCredits })}
        </Text>
      </SectionCard>

      <PlanGrid
        titleId="credit-packs-title"
        title={t('billing.credits.packsTitle')}
        emptyText={packs.length === 0 ? t('billing.credits.noPacks') : null}
      >
        {packs.map((pack) => (
          <CreditPackCard
            key={pack.id}
            pack={pack}
            buying={checkout.pending && chosenPack === pack.id}
            disabled={checkout.pending && chosenPack !== pack.id}
            onBuy={buy}
          />
        ))}
      </PlanGrid>
    </Stack>
  );
}
