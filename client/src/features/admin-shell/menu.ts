import { ClipboardList, LayoutDashboard, MessageCircle, Settings, Sparkles, Tags, Users } from 'lucide-react';
import type { MenuItem } from '../shell/menu.ts';

/** The admin menu: the seven admin pages, in the spec's order. */
export const ADMIN_MENU: readonly MenuItem[] = [
  { path: '/admin/overview', labelKey: 'shell.adminMenu.overview', icon: LayoutDashboard },
  { path: '/admin/customers', labelKey: 'shell.adminMenu.customers', icon: Users },
  { path: '/admin/plans', labelKey: 'shell.adminMenu.plans', icon: Tags },
  { path: '/admin/system-logs', labelKey: 'shell.adminMenu.systemLogs', icon: ClipboardList },
  { path: '/admin/settings', labelKey: 'shell.adminMenu.settings', icon: Settings },
  { path: '/admin/whatsapp-analytics', labelKey: 'shell.adminMenu.whatsappAnalytics', icon: MessageCircle },
  { path: '/admin/demo-bots', labelKey: 'shell.adminMenu.demoBots', icon: Sparkles },
];
