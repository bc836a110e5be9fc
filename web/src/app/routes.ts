/**
 * The console's routes (document 1 section 2, documents 2 and 3) and the guards' decision, kept
 * free of React so that it is tested as a plain function: unauthenticated users on a private
 * route go to /login, authenticated users on a public route go to /; the campaign and flow areas
 * exist only with the cshow storage flag; plan-gated areas need their plan flag.
 */
import { matchPath } from 'react-router-dom';
import type { PlanFlag, PlanFlags, Profile } from '@atende/shared';

export type PageKey =
  | 'login'
  | 'signup'
  | 'forgetPassword'
  | 'dashboard'
  | 'tickets'
  | 'connections'
  | 'quickMessages'
  | 'todolist'
  | 'schedules'
  | 'tags'
  | 'contacts'
  | 'helps'
  | 'users'
  | 'files'
  | 'prompts'
  | 'integrations'
  | 'messagesApi'
  | 'settings'
  | 'kanban'
  | 'financeiro'
  | 'queues'
  | 'announcements'
  | 'subscription'
  | 'chats'
  | 'campaigns'
  | 'campaignReport'
  | 'contactLists'
  | 'contactListItems'
  | 'campaignsConfig'
  | 'phraseLists'
  | 'flowbuilders'
  | 'flowbuilder';

/** The pages this version has; the menu shows only these, the other routes say "not found". */
export const BUILT_PAGES = [
  'login',
  'signup',
  'forgetPassword',
  'dashboard',
  'tickets',
  'connections',
  'quickMessages',
  'todolist',
  'tags',
  'contacts',
  'helps',
  'users',
  'settings',
  'kanban',
  'queues',
  'announcements',
  'chats',
  'campaigns',
  'campaignReport',
  'campaignsConfig',
  'financeiro',
  'subscription',
  'schedules',
  'contactLists',
  'contactListItems',
  'phraseLists',
  'flowbuilders',
  'messagesApi',
  'flowbuilder',
  'files',
  'integrations',
  'prompts',
] as const satisfies readonly PageKey[];

export type BuiltPage = (typeof BUILT_PAGES)[number];

export function isBuilt(page: string): page is BuiltPage {
  return (BUILT_PAGES as readonly string[]).includes(page);
}

export interface RouteEntry {
  path: string;
  page: PageKey;
  /** Reachable only when the browser-storage flag cshow exists. */
  cshow?: boolean;
  /** Reachable only when the company's plan has this flag (super users always). */
  planFlag?: PlanFlag;
  /** Reachable only by these profiles (as the server answers them); others go to the tickets. */
  profiles?: readonly Profile[];
}

export const PUBLIC_ROUTES: RouteEntry[] = [
  { path: '/login', page: 'login' },
  { path: '/signup', page: 'signup' },
  { path: '/forgetpsw', page: 'forgetPassword' },
];

const campaignArea = { cshow: true, planFlag: 'useCampaigns' } as const;

export const PRIVATE_ROUTES: RouteEntry[] = [
  { path: '/', page: 'dashboard', profiles: ['admin', 'supervisor'] },
  { path: '/tickets/u/:id', page: 'tickets' },
  { path: '/tickets/:ticketId?', page: 'tickets' },
  { path: '/connections', page: 'connections' },
  { path: '/quick-messages', page: 'quickMessages' },
  { path: '/todolist', page: 'todolist' },
  { path: '/schedules', page: 'schedules', planFlag: 'useSchedules' },
  { path: '/tags', page: 'tags' },
  { path: '/contacts', page: 'contacts' },
  { path: '/helps', page: 'helps' },
  { path: '/users', page: 'users' },
  { path: '/files', page: 'files' },
  // The plan gate is the page's (a toast, then / after a second: usePlanGate).
  { path: '/prompts', page: 'prompts', profiles: ['admin'] },
  { path: '/queue-integration', page: 'integrations', profiles: ['admin'] },
  { path: '/messages-api', page: 'messagesApi' },
  { path: '/settings', page: 'settings' },
  { path: '/kanban', page: 'kanban', planFlag: 'useKanban' },
  { path: '/financeiro', page: 'financeiro' },
  { path: '/queues', page: 'queues' },
  { path: '/announcements', page: 'announcements' },
  { path: '/subscription', page: 'subscription' },
  { path: '/chats/:id?', page: 'chats', planFlag: 'useInternalChat' },
  { path: '/campaigns', page: 'campaigns', ...campaignArea },
  { path: '/campaign/:campaignId/report', page: 'campaignReport', ...campaignArea },
  { path: '/contact-lists', page: 'contactLists', ...campaignArea },
  { path: '/contact-lists/:contactListId/contacts', page: 'contactListItems', ...campaignArea },
  { path: '/campaigns-config', page: 'campaignsConfig', ...campaignArea },
  { path: '/phrase-lists', page: 'phraseLists', cshow: true },
  { path: '/flowbuilders', page: 'flowbuilders', cshow: true },
  { path: '/flowbuilder/:id?', page: 'flowbuilder', cshow: true },
];

/** Where a signed-in user lands after logging in. */
export const AFTER_LOGIN = '/tickets';

export interface GuardContext {
  signedIn: boolean;
  profile: Profile | null;
  super: boolean;
  cshow: boolean;
  planFlags: Partial<PlanFlags>;
}

export function findRoute(routes: RouteEntry[], pathname: string): RouteEntry | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

export function hasPlanFlag(context: Pick<GuardContext, 'super' | 'planFlags'>, flag: PlanFlag): boolean {
  return context.super || context.planFlags[flag] === true;
}

/**
 * Where the guards send a visit of `pathname`, or null when it may stay. An unknown path, or a
 * page this version does not have, stays: the not-found page says so and where to go.
 */
export function guardRedirect(pathname: string, context: GuardContext): string | null {
  if (findRoute(PUBLIC_ROUTES, pathname)) return context.signedIn ? '/' : null;
  const route = findRoute(PRIVATE_ROUTES, pathname);
  if (!route || !isBuilt(route.page)) return null;
  if (!context.signedIn) return '/login';
  if (route.cshow && !context.cshow) return '/';
  if (route.planFlag && !hasPlanFlag(context, route.planFlag)) return '/';
  if (route.profiles && !(context.profile && route.profiles.includes(context.profile))) return AFTER_LOGIN;
  return null;
}
