import type { MenuItem } from '../shell/menu.ts';

/** The admin menu: the seven admin pages, in the spec's order. */
export const ADMIN_MENU: readonly MenuItem[] = [
  { path: '/admin/overview', labelKey: 'shell.adminMenu.overview', icon: '▦' },
  { path: '/admin/customers', labelKey: 'shell.adminMenu.customers', icon: '☺' },
  { path: '/admin/plans', labelKey: 'shell.adminMenu.plans', icon: '▤' },
  { path: '/admin/system-logs', labelKey: 'shell.adminMenu.systemLogs', icon: '☷' },
  { path: '/admin/settings', labelKey: 'shell.adminMenu.settings', icon: '⚙' },
  { path: '/admin/whatsapp-analytics', labelKey: 'shell.adminMenu.whatsappAnalytics', icon: '✆' },
  { path: '/admin/demo-bots', labelKey: 'shell.adminMenu.demoBots', icon: '◉' },
];
