/** The customer menu; routes join it as their screens are built. */
export const CUSTOMER_MENU = [
  { path: '/dashboard', labelKey: 'shell.menu.dashboard', icon: '▦' },
  { path: '/chatbots', labelKey: 'shell.menu.chatbots', icon: '◉' },
  { path: '/logs', labelKey: 'shell.menu.logs', icon: '☷' },
] as const;
