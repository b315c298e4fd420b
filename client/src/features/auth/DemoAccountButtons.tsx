import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '../../session/api.ts';

interface Account {
  email: string;
  password: string;
}

/** Prefills the seeded demo accounts; hidden when the server has none. */
export function DemoAccountButtons({ accounts, onPick }: { accounts: PublicConfig['demo_accounts']; onPick: (account: Account) => void }) {
  const { t } = useTranslation();
  if (!accounts) return null;
  return (
    <HStack gap="2">
      <Button flex="1" variant="outline" size="sm" onClick={() => onPick(accounts.admin)}>
        {t('auth.demoAdmin')}
      </Button>
      <Button flex="1" variant="outline" size="sm" onClick={() => onPick(accounts.customer)}>
        {t('auth.demoCustomer')}
      </Button>
    </HStack>
  );
}
