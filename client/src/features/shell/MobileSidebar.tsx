import { Portal } from '@chakra-ui/react';
import { Drawer } from '../../ui/chakra/Drawer.ts';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from './menu.ts';
import { SidebarContent, type MenuBadges, type SidebarExtras } from './SidebarContent.tsx';

const SIDEBAR_WIDTH_MOBILE = '18rem';

/** The sidebar as a drawer on phones; its own module, so wide screens never download it. */
export default function MobileSidebar({
  menu,
  badges,
  Extras,
  open,
  onOpenChange,
}: {
  menu: readonly MenuItem[];
  badges?: MenuBadges;
  Extras?: SidebarExtras;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content width={SIDEBAR_WIDTH_MOBILE} maxWidth={SIDEBAR_WIDTH_MOBILE}>
            <Drawer.Title srOnly>{t('shell.navigation')}</Drawer.Title>
            <SidebarContent menu={menu} badges={badges} Extras={Extras} compact={false} onNavigate={() => onOpenChange(false)} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
