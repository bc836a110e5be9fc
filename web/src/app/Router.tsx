/**
 * Routes of the console: public pages, the private shell and its pages, each loaded on demand.
 * Unknown paths and pages this version does not have show the not-found page: inside the shell
 * for a signed-in user, on its own for a guest.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { Spinner } from '../ui/controls.js';
import { useApi } from './api.js';
import { Guard } from './guard.js';
import { isBuilt, PRIVATE_ROUTES, PUBLIC_ROUTES, type BuiltPage, type PageKey } from './routes.js';

const Shell = lazy(() => import('./shell/Shell.js'));
const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage.js'));

const PAGES: Record<BuiltPage, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('../pages/login/LoginPage.js')),
  signup: lazy(() => import('../pages/signup/SignupPage.js')),
  forgetPassword: lazy(() => import('../pages/forgetPassword/ForgetPasswordPage.js')),
  files: lazy(() => import('../pages/files/FilesPage.js')),
  prompts: lazy(() => import('../pages/prompts/PromptsPage.js')),
  users: lazy(() => import('../pages/users/UsersPage.js')),
  connections: lazy(() => import('../pages/connections/ConnectionsPage.js')),
  tickets: lazy(() => import('../pages/tickets/TicketsPage.js')),
  contacts: lazy(() => import('../pages/contacts/ContactsPage.js')),
  quickMessages: lazy(() => import('../pages/quickMessages/QuickMessagesPage.js')),
  tags: lazy(() => import('../pages/tags/TagsPage.js')),
  queues: lazy(() => import('../pages/queues/QueuesPage.js')),
  settings: lazy(() => import('../pages/settings/SettingsPage.js')),
  helps: lazy(() => import('../pages/helps/HelpsPage.js')),
  dashboard: lazy(() => import('../pages/dashboard/DashboardPage.js')),
  todolist: lazy(() => import('../pages/todolist/TodoListPage.js')),
  announcements: lazy(() => import('../pages/announcements/AnnouncementsPage.js')),
  chats: lazy(() => import('../pages/chats/ChatsPage.js')),
  kanban: lazy(() => import('../pages/kanban/KanbanPage.js')),
  campaigns: lazy(() => import('../pages/campaigns/CampaignsPage.js')),
  campaignReport: lazy(() => import('../pages/campaigns/CampaignReportPage.js')),
  campaignsConfig: lazy(() => import('../pages/campaigns/CampaignsConfigPage.js')),
  financeiro: lazy(() => import('../pages/financeiro/FinanceiroPage.js')),
  subscription: lazy(() => import('../pages/subscription/SubscriptionPage.js')),
  schedules: lazy(() => import('../pages/schedules/SchedulesPage.js')),
  messagesApi: lazy(() => import('../pages/messagesApi/MessagesApiPage.js')),
  contactLists: lazy(() => import('../pages/contactLists/ContactListsPage.js')),
  contactListItems: lazy(() => import('../pages/contactLists/ContactListItemsPage.js')),
  phraseLists: lazy(() => import('../pages/phraseLists/PhraseListsPage.js')),
  flowbuilders: lazy(() => import('../pages/flowbuilders/FlowbuildersPage.js')),
  flowbuilder: lazy(() => import('../pages/flowbuilder/FlowEditorPage.js')),
  integrations: lazy(() => import('../pages/queueIntegrations/QueueIntegrationsPage.js')),
};

function page(key: PageKey | 'notFound') {
  const Page = key !== 'notFound' && isBuilt(key) ? PAGES[key] : NotFoundPage;
  return (
    <Suspense fallback={<Spinner $size={24} />}>
      <Page />
    </Suspense>
  );
}

/** The shell for a signed-in user; a guest reaches only the not-found page here (the guard sees to it). */
function PrivateLayout() {
  const { user } = useApi();
  return (
    <Suspense fallback={null}>
      {user ? <Shell /> : <Outlet />}
    </Suspense>
  );
}

export function Router() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Guard />}>
          {PUBLIC_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={page(route.page)} />
          ))}
          <Route element={<PrivateLayout />}>
            {PRIVATE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={page(route.page)} />
            ))}
            <Route path="*" element={page('notFound')} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
