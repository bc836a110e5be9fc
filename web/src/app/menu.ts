/**
 * The side menu (document 1 section 2, "side menu"): every item with its gate. Plain data and a
 * plain function, so the gating is tested without a browser. An item is shown only when the route
 * guard would let the user stay on its page: no entry leads back to / (a plan or area the company
 * lacks, a profile the page refuses).
 */
import type { PlanFlag, PlanFlags, Profile } from '@atende/shared';
import type { IconName } from '../ui/icons.js';
import { guardRedirect, hasPlanFlag, isBuilt } from './routes.js';

export interface MenuGate {
  /** Admins (and super users). */
  admin?: true;
  super?: true;
  planFlag?: PlanFlag;
}

export interface MenuLink {
  kind: 'link';
  key: string;
  path: string;
  icon: IconName;
  gate?: MenuGate;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  icon: IconName;
  gate?: MenuGate;
  children: MenuLink[];
}

export interface MenuDivider {
  kind: 'divider';
  key: string;
}

export type MenuEntry = MenuLink | MenuGroup | MenuDivider;

export interface MenuContext {
  profile: Profile;
  super: boolean;
  planFlags: Partial<PlanFlags>;
  /** The campaign area's flag (cshow or the company's campaignsEnabled), as the guard reads it. */
  cshow: boolean;
}

const link = (key: string, path: string, icon: IconName, gate?: MenuGate): MenuLink => ({ kind: 'link', key, path, icon, gate });

export const MENU: MenuEntry[] = [
  link('dashboard', '/', 'dashboard', { admin: true }),
  link('tickets', '/tickets', 'tickets'),
  link('kanban', '/kanban', 'kanban', { planFlag: 'useKanban' }),
  link('quickMessages', '/quick-messages', 'quickMessages'),
  link('todolist', '/todolist', 'todo'),
  link('contacts', '/contacts', 'contacts'),
  link('schedules', '/schedules', 'schedules', { planFlag: 'useSchedules' }),
  link('tags', '/tags', 'tags'),
  link('chats', '/chats', 'chats', { planFlag: 'useInternalChat' }),
  link('helps', '/helps', 'helps'),
  { kind: 'divider', key: 'administration' },
  {
    kind: 'group',
    key: 'campaignsGroup',
    icon: 'campaigns',
    // As the seed's menu: the plan flag; the routes also need the campaign area's flag (guard.tsx).
    gate: { planFlag: 'useCampaigns' },
    children: [link('campaigns', '/campaigns', 'campaigns'), link('contactLists', '/contact-lists', 'contacts'), link('campaignsConfig', '/campaigns-config', 'settings')],
  },
  {
    kind: 'group',
    key: 'flowsGroup',
    icon: 'flows',
    children: [link('phraseLists', '/phrase-lists', 'flows'), link('flowbuilders', '/flowbuilders', 'flows')],
  },
  link('announcements', '/announcements', 'announcements', { super: true }),
  link('prompts', '/prompts', 'prompts', { admin: true, planFlag: 'useOpenAi' }),
  // Integrations hold credentials and are set on queues and connections: the admins' (the server's rule).
  link('integrations', '/queue-integration', 'integrations', { planFlag: 'useIntegrations', admin: true }),
  link('connections', '/connections', 'connections', { admin: true }),
  link('files', '/files', 'files', { admin: true }),
  link('queues', '/queues', 'queues', { admin: true }),
  link('users', '/users', 'users', { admin: true }),
  link('messagesApi', '/messages-api', 'messagesApi', { planFlag: 'useExternalApi' }),
  link('financeiro', '/financeiro', 'financeiro', { admin: true }),
  link('settings', '/settings', 'settings', { admin: true }),
];

export function passes(gate: MenuGate | undefined, context: MenuContext): boolean {
  if (!gate) return true;
  if (gate.admin && !(context.profile === 'admin' || context.super)) return false;
  if (gate.super && !context.super) return false;
  if (gate.planFlag && !hasPlanFlag(context, gate.planFlag)) return false;
  return true;
}

/** A link is shown when its gate passes, its screen exists in this version and the guard lets the user stay there. */
function shown(link: MenuLink, context: MenuContext): boolean {
  return isBuilt(link.key) && passes(link.gate, context) && guardRedirect(link.path, { ...context, signedIn: true }) === null;
}

/** The entries this user sees: gated or missing screens and empty groups dropped, no dangling divider. */
export function visibleMenu(context: MenuContext, entries: MenuEntry[] = MENU): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'divider') {
      visible.push(entry);
    } else if (entry.kind === 'link') {
      if (shown(entry, context)) visible.push(entry);
    } else if (passes(entry.gate, context)) {
      const children = entry.children.filter((child) => shown(child, context));
      if (children.length > 0) visible.push({ ...entry, children });
    }
  }
  return visible.filter((entry, index) => entry.kind !== 'divider' || (index > 0 && index < visible.length - 1 && visible[index - 1]?.kind !== 'divider'));
}
