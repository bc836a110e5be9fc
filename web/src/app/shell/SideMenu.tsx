/** The side drawer: the user's menu entries, badges, and the version label when expanded. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { APP_VERSION } from '@atende/shared';
import { Icon } from '../../ui/icons.js';
import type { MenuEntry, MenuLink } from '../menu.js';
import { layout } from '../theme.js';

export type DrawerVariant = 'permanent' | 'temporary';

const Drawer = styled.nav<{ $open: boolean; $variant: DrawerVariant }>`
  display: flex;
  flex-direction: column;
  flex-shrink: 0;
  height: 100%;
  overflow-x: hidden;
  overflow-y: auto;
  background: ${({ theme }) => theme.menu};
  color: ${({ theme }) => theme.menuText};
  border-right: 1px solid ${({ theme }) => theme.border};
  transition: width 0.2s ease, transform 0.2s ease;
  > * {
    flex-shrink: 0;
  }
  ${({ $open, $variant }) =>
    $variant === 'temporary'
      ? css`
          position: fixed;
          inset: 0 auto 0 0;
          z-index: 1300;
          width: ${layout.drawerWidth}px;
          transform: translateX(${$open ? '0' : '-100%'});
          box-shadow: ${({ theme }) => ($open ? theme.shadow : 'none')};
        `
      : css`
          width: ${$open ? layout.drawerWidth : layout.drawerMiniWidth}px;
        `}
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  height: ${layout.topBarHeight}px;
  padding: 0 20px;
  font-size: 20px;
  font-weight: 800;
  color: ${({ theme }) => theme.accent};
  white-space: nowrap;
`;

const itemStyle = css`
  position: relative;
  display: flex;
  align-items: center;
  gap: 16px;
  width: 100%;
  padding: 10px 22px;
  border: none;
  background: transparent;
  color: inherit;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

const Item = styled(NavLink)`
  ${itemStyle}
  &.active {
    background: ${({ theme }) => theme.selected};
    color: ${({ theme }) => theme.accent};
    font-weight: 600;
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.accent};
  }
`;

const GroupButton = styled.button`
  ${itemStyle}
`;

const Nested = styled.div`
  a {
    padding-left: 40px;
  }
`;

const Dot = styled.span<{ $color: 'error' | 'warning' }>`
  position: absolute;
  top: 8px;
  left: 36px;
  width: 9px;
  height: 9px;
  border-radius: 50%;
  background: ${({ theme, $color }) => theme[$color]};
`;

const Divider = styled.hr`
  width: 100%;
  margin: 6px 0;
  border: none;
  border-top: 1px solid ${({ theme }) => theme.border};
`;

const Version = styled.div`
  margin-top: auto;
  padding: 12px 22px;
  font-size: 12px;
  color: ${({ theme }) => theme.textSecondary};
`;

interface SideMenuProps {
  entries: MenuEntry[];
  open: boolean;
  variant: DrawerVariant;
  /** Item key -> badge shown on it (the chats' unread dot, the connections' alert). */
  badges: Partial<Record<string, 'error' | 'warning'>>;
  onNavigate(): void;
}

export function SideMenu({ entries, open, variant, badges, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const showLabels = open || variant === 'temporary';

  const renderLink = (entry: MenuLink) => {
    const label = t(`web.pages.${entry.key}`);
    const badge = badges[entry.key];
    return (
      <Item key={entry.key} to={entry.path} end={entry.path === '/'} title={label} onClick={onNavigate} data-menu={entry.key}>
        <Icon name={entry.icon} />
        {badge ? <Dot $color={badge} data-badge={entry.key} /> : null}
        {showLabels ? <span>{label}</span> : null}
      </Item>
    );
  };

  return (
    <Drawer $open={open} $variant={variant} aria-label={t('web.menu.label')} data-variant={variant} data-open={open}>
      <Brand>{showLabels ? 'Atende' : 'A'}</Brand>
      {entries.map((entry) => {
        if (entry.kind === 'divider') return <Divider key={entry.key} />;
        if (entry.kind === 'link') return renderLink(entry);
        const label = t(`web.pages.${entry.key}`);
        return (
          <div key={entry.key}>
            <GroupButton title={label} aria-expanded={Boolean(expanded[entry.key])} onClick={() => setExpanded((current) => ({ ...current, [entry.key]: !current[entry.key] }))} data-menu={entry.key}>
              <Icon name={entry.icon} />
              {showLabels ? <span>{label}</span> : null}
              {showLabels ? <Icon name="chevronDown" size={16} style={{ marginLeft: 'auto' }} /> : null}
            </GroupButton>
            {expanded[entry.key] ? <Nested>{entry.children.map(renderLink)}</Nested> : null}
          </div>
        );
      })}
      {showLabels ? <Version>{APP_VERSION}</Version> : null}
    </Drawer>
  );
}
