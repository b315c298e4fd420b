import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import type { MenuItem } from './menu.ts';

/** What a shell adds above the sidebar's footer (the customer's plan card); `onNavigate` closes the drawer. */
export type SidebarExtras = ComponentType<{ onNavigate?: () => void }>;

/** What a shell shows beside some of its menu's entries, by path (the inbox's waiting count). */
export type MenuBadges = Partial<Record<string, ReactNode>>;

function MenuLinks({
  menu,
  badges,
  compact,
  onNavigate,
}: {
  menu: readonly MenuItem[];
  badges: MenuBadges;
  compact: boolean;
  onNavigate?: () => void;
}) {
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
            position="relative"
          >
            <NavLink to={item.path} onClick={onNavigate} title={compact ? t(item.labelKey) : undefined}>
              {({ isActive }) => (
                <>
                  <item.icon aria-hidden="true" size={18} />
                  {/* The rail shows the icon only: the label is still the link's name, and so is the badge's count. */}
                  <Text as="span" srOnly={compact} fontWeight={isActive ? 'bold' : 'normal'} color={isActive ? 'brand.fg' : undefined}>
                    {t(item.labelKey)}
                  </Text>
                  {badges[item.path] && ' '}
                  {badges[item.path] && (
                    <Box as="span" {...(compact ? { position: 'absolute', top: '-1', insetEnd: '-1' } : { marginStart: 'auto' })}>
                      {badges[item.path]}
                    </Box>
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
  badges = {},
  compact,
  onNavigate,
  Extras,
}: {
  menu: readonly MenuItem[];
  badges?: MenuBadges;
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
        <MenuLinks menu={menu} badges={badges} compact={compact} onNavigate={onNavigate} />
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
