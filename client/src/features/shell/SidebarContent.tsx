import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import type { MenuItem } from './menu.ts';

/** What a shell adds above the sidebar's footer (the customer's plan card); `onNavigate` closes the drawer. */
export type SidebarExtras = ComponentType<{ onNavigate?: () => void }>;

function MenuLinks({ menu, compact, onNavigate }: { menu: readonly MenuItem[]; compact: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0">
      {menu.map((item) => (
        <li key={item.path}>
          <Button
            asChild
            variant="ghost"
            width="full"
            justifyContent={compact ? 'center' : 'start'}
            paddingX={compact ? '0' : '3'}
            size="sm"
          >
            <NavLink
              to={item.path}
              onClick={onNavigate}
              aria-label={compact ? t(item.labelKey) : undefined}
              title={compact ? t(item.labelKey) : undefined}
            >
              {({ isActive }) => (
                <>
                  <item.icon aria-hidden="true" size={18} />
                  {!compact && (
                    <Text as="span" fontWeight={isActive ? 'bold' : 'normal'} color={isActive ? 'brand.fg' : undefined}>
                      {t(item.labelKey)}
                    </Text>
                  )}
                </>
              )}
            </NavLink>
          </Button>
        </li>
      ))}
    </Stack>
  );
}

function SidebarFooter() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <Stack gap="2" borderTopWidth="1px" paddingTop="3">
      <Box>
        <Text fontSize="sm" fontWeight="semibold" truncate>
          {user?.email}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t(user?.role === 'ADMIN' ? 'shell.role.admin' : 'shell.role.customer')}
        </Text>
      </Box>
      <LanguageSwitcher size="xs" />
      <Button size="sm" variant="outline" onClick={() => void signOut().then(() => navigate('/', { replace: true }))}>
        {t('shell.signOut')}
      </Button>
    </Stack>
  );
}

/** The sidebar's inside: the shell's menu, its extras, and the footer; `compact` is the 3rem collapsed rail (menu icons only). */
export function SidebarContent({
  menu,
  compact,
  onNavigate,
  Extras,
}: {
  menu: readonly MenuItem[];
  compact: boolean;
  onNavigate?: () => void;
  Extras?: SidebarExtras;
}) {
  const { t } = useTranslation();
  return (
    <Stack as="nav" aria-label={t('shell.navigation')} height="full" justify="space-between" padding={compact ? '1' : '3'} gap="4">
      <Stack gap="4">
        {!compact && (
          <Text fontWeight="bold" color="brand.fg" paddingX="2">
            {t('brand.name')}
          </Text>
        )}
        <MenuLinks menu={menu} compact={compact} onNavigate={onNavigate} />
      </Stack>
      {!compact && (
        <Stack gap="3">
          {Extras && <Extras onNavigate={onNavigate} />}
          <SidebarFooter />
        </Stack>
      )}
    </Stack>
  );
}
