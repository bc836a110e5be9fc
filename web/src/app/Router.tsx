/** Routes of the console: public pages, the private shell and its pages, each loaded on demand. */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Spinner } from '../ui/controls.js';
import { Guard } from './guard.js';
import { PRIVATE_ROUTES, PUBLIC_ROUTES, type PageKey } from './routes.js';

const Shell = lazy(() => import('./shell/Shell.js'));
const TitledPage = lazy(() => import('../pages/TitledPage.js'));

/** Pages built so far; the other routes show their title until their page lands. */
const PAGES: Partial<Record<PageKey, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('../pages/login/LoginPage.js')),
  signup: lazy(() => import('../pages/signup/SignupPage.js')),
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
};

function page(key: PageKey) {
  const Page = PAGES[key];
  return <Suspense fallback={<Spinner $size={24} />}>{Page ? <Page /> : <TitledPage page={key} />}</Suspense>;
}

export function Router() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Guard />}>
          {PUBLIC_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={page(route.page)} />
          ))}
          <Route
            element={
              <Suspense fallback={null}>
                <Shell />
              </Suspense>
            }
          >
            {PRIVATE_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={page(route.page)} />
            ))}
          </Route>
          {/* Unknown paths: the guard sends them to / or /login. */}
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
