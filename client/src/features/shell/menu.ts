/** One entry of a shell's sidebar menu: where it leads, its label's i18n key, and its icon. */
export interface MenuItem {
  path: string;
  labelKey: string;
  icon: string;
}

/** The customer menu; routes join it as their screens are built. */
export const CUSTOMER_MENU: readonly MenuItem[] = [
  { path: '/dashboard', labelKey: 'shell.menu.dashboard', icon: '▦' },
  { path: '/chatbots', labelKey: 'shell.menu.chatbots', icon: '◉' },
  { path: '/logs', labelKey: 'shell.menu.logs', icon: '☷' },
  { path: '/billing', labelKey: 'shell.menu.billing', icon: '▤' },
  { path: '/settings', labelKey: 'shell.menu.settings', icon: '⚙' },
];
