import { Bot, CircleAlert, CreditCard, Inbox, LayoutDashboard, ScrollText, Settings, type LucideIcon } from 'lucide-react';

/** One entry of a shell's sidebar menu: where it leads, its label's i18n key, and its icon. */
export interface MenuItem {
  path: string;
  labelKey: string;
  icon: LucideIcon;
}

/** The customer menu; routes join it as their screens are built. */
export const CUSTOMER_MENU: readonly MenuItem[] = [
  { path: '/dashboard', labelKey: 'shell.menu.dashboard', icon: LayoutDashboard },
  { path: '/chatbots', labelKey: 'shell.menu.chatbots', icon: Bot },
  { path: '/logs', labelKey: 'shell.menu.logs', icon: ScrollText },
  { path: '/inbox', labelKey: 'shell.menu.inbox', icon: Inbox },
  { path: '/needs-attention', labelKey: 'shell.menu.needsAttention', icon: CircleAlert },
  { path: '/billing', labelKey: 'shell.menu.billing', icon: CreditCard },
  { path: '/settings', labelKey: 'shell.menu.settings', icon: Settings },
];
