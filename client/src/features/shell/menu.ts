/** The customer menu; routes join it as their screens are built. */
export const CUSTOMER_MENU = [
  { path: '/dashboard', labelKey: 'shell.menu.dashboard', icon: '▦' },
  { path: '/chatbots', labelKey: 'shell.menu.chatbots', icon: '◉' },
  { path: '/logs', labelKey: 'shell.menu.logs', icon: '☷' },
  { path: '/billing', labelKey: 'shell.menu.billing', icon: '▤' },
  { path: '/settings', labelKey: 'shell.menu.settings', icon: '⚙' },
] as const;
