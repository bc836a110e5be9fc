/**
 * The private frame: side drawer (open by default above 1200 px, temporary below 600 px), top bar
 * and the current page.
 */
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../../ui/controls.js';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { useUser } from '../api.js';
import { guardContextOf } from '../guard.js';
import { passes, visibleMenu } from '../menu.js';
import { layout } from '../theme.js';
import { WhatsappsProvider } from '../whatsapps.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';
import { SideMenu } from './SideMenu.js';
import { TopBar } from './TopBar.js';
import { useConnectionAlert } from './useConnectionAlert.js';
import { useMyChats } from './useMyChats.js';
import { useShortcuts } from './useShortcuts.js';

const Frame = styled.div`
  display: flex;
  height: 100%;
  overflow: hidden;
`;

const Column = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
`;

const Content = styled.main`
  flex: 1;
  min-height: 0;
  overflow: auto;
  &:focus {
    outline: none;
  }
`;

/** Keyboard users jump over the menu and the top bar; seen only while focused. */
const SkipLink = styled.a`
  position: fixed;
  top: 8px;
  left: 8px;
  z-index: 3000;
  padding: 8px 14px;
  border-radius: 6px;
  background: ${({ theme }) => theme.accentFill};
  color: ${({ theme }) => theme.onAccent};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1250;
  background: ${({ theme }) => theme.overlay};
`;

function ShellFrame() {
  const { t } = useTranslation();
  const user = useUser();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcuts(() => setShortcutsOpen(true));
  const { pathname } = useLocation();
  const mobile = useMediaQuery(`(max-width: ${layout.mobileBreakpoint - 0.02}px)`);
  const [open, setOpen] = useState(() => window.innerWidth > layout.drawerOpenAbove);

  // The temporary drawer closes on narrow screens and after each navigation.
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [mobile, pathname]);

  const context = { ...guardContextOf(user), profile: user.profile };
  const entries = visibleMenu(context);
  const chatsVisible = entries.some((entry) => entry.kind === 'link' && entry.key === 'chats');
  const myChats = useMyChats(user.id, chatsVisible);
  const connectionAlert = useConnectionAlert(passes({ admin: true }, context));

  return (
    <Frame>
      <SkipLink href="#content" data-skip-link>
        {t('web.shell.skipToContent')}
      </SkipLink>
      {mobile && open ? <Backdrop onClick={() => setOpen(false)} /> : null}
      <SideMenu
        entries={entries}
        open={open}
        variant={mobile ? 'temporary' : 'permanent'}
        badges={{ chats: myChats.unread ? 'error' : undefined, connections: connectionAlert ? 'warning' : undefined }}
        onNavigate={() => mobile && setOpen(false)}
      />
      <Column>
        <TopBar onToggleDrawer={() => setOpen((value) => !value)} chats={chatsVisible ? myChats.chats : null} onShowShortcuts={() => setShortcutsOpen(true)} />
        <Content id="content" tabIndex={-1}>
          <Suspense fallback={<Spinner $size={24} />}>
            <Outlet />
          </Suspense>
        </Content>
      </Column>
      {shortcutsOpen ? <ShortcutsDialog onClose={() => setShortcutsOpen(false)} /> : null}
    </Frame>
  );
}

export default function Shell() {
  return (
    <WhatsappsProvider>
      <ShellFrame />
    </WhatsappsProvider>
  );
}
