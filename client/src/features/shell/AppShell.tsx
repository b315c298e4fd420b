import { Menu } from 'lucide-react';
import { Box, Flex, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { MenuItem } from './menu.ts';
import { SidebarContent, type MenuBadges, type SidebarExtras } from './SidebarContent.tsx';
import { useSidebarState } from './sidebarState.ts';

const SIDEBAR_WIDTH = '16rem';
const SIDEBAR_WIDTH_COLLAPSED = '3rem';

const MobileSidebar = lazy(() => import('./MobileSidebar.tsx'));

/**
 * The signed-in frame every role shares: sidebar (rail, or drawer on phones) with the role's menu,
 * header, routed page. A shell gives its menu (with badges beside some entries), what its header
 * shows at the end, and what its sidebar shows above the footer.
 */
export function AppShell({
  menu,
  menuBadges,
  headerExtras,
  SidebarExtras,
}: {
  menu: readonly MenuItem[];
  menuBadges?: MenuBadges;
  headerExtras?: ReactNode;
  SidebarExtras?: SidebarExtras;
}) {
  const { t } = useTranslation();
  const sidebar = useSidebarState();
  const { user } = useSession();
  const toggleLabel = t('shell.toggleSidebar');
  if (!user) return <Navigate to="/" replace />;

  return (
    <Flex minHeight="100vh">
      {sidebar.mobile ? (
        <Suspense>
          <MobileSidebar
            menu={menu}
            badges={menuBadges}
            Extras={SidebarExtras}
            open={sidebar.drawerOpen}
            onOpenChange={sidebar.setDrawerOpen}
          />
        </Suspense>
      ) : (
        <Box
          as="aside"
          data-testid="sidebar"
          width={sidebar.expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED}
          flexShrink={0}
          borderEndWidth="1px"
          bg="bg.subtle"
          position="sticky"
          top="0"
          height="100vh"
          transition="width 0.2s"
        >
          <SidebarContent menu={menu} badges={menuBadges} Extras={SidebarExtras} compact={!sidebar.expanded} />
        </Box>
      )}
      <Flex direction="column" flex="1" minWidth="0">
        <Flex as="header" align="center" justify="space-between" gap="2" paddingX="4" paddingY="2" borderBottomWidth="1px">
          <IconButton aria-label={toggleLabel} title={toggleLabel} variant="ghost" size="sm" onClick={sidebar.toggle}>
            <Menu aria-hidden="true" size={20} />
          </IconButton>
          {headerExtras}
        </Flex>
        <Box as="main" flex="1" padding={{ base: '4', md: '6' }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
