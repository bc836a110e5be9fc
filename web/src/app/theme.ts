/**
 * Light and dark palettes. One accent colour marks primary actions and the current selection
 * (`accentFill` behind white text, `accent` as text or an indicator on paper); destructive
 * actions are drawn in `error` as secondary buttons, never as the loudest thing on a page.
 * Components read the palette through styled-components' ThemeProvider.
 */
export type ThemeMode = 'light' | 'dark';

export interface Palette {
  mode: ThemeMode;
  /** Text, links, tab and selection indicators in the accent colour (readable on paper). */
  accent: string;
  /** Filled primary buttons, chart bars, badges of the accent. */
  accentFill: string;
  onAccent: string;
  /** Background of a selected row or item. */
  selected: string;
  background: string;
  paper: string;
  menu: string;
  menuText: string;
  text: string;
  textSecondary: string;
  border: string;
  hover: string;
  success: string;
  warning: string;
  error: string;
  info: string;
  shadow: string;
  overlay: string;
  /** Background of one's own message bubbles (tickets and internal chat). */
  bubbleMine: string;
  /** Background behind the conversation's bubbles. */
  thread: string;
}

export const palettes: Record<ThemeMode, Palette> = {
  light: {
    mode: 'light',
    accent: '#1d4ed8',
    accentFill: '#1d4ed8',
    onAccent: '#ffffff',
    selected: 'rgba(29, 78, 216, 0.1)',
    background: '#f4f6f9',
    paper: '#ffffff',
    menu: '#ffffff',
    menuText: '#1f2937',
    text: '#1f2937',
    textSecondary: '#566070',
    border: '#dde2e9',
    hover: 'rgba(15, 23, 42, 0.05)',
    success: '#15803d',
    warning: '#a15c00',
    error: '#b91c1c',
    info: '#1d4ed8',
    shadow: '0 4px 18px rgba(15, 23, 42, 0.14)',
    overlay: 'rgba(15, 23, 42, 0.45)',
    bubbleMine: '#d9fdd3',
    thread: '#efeae2',
  },
  dark: {
    mode: 'dark',
    accent: '#8ab4ff',
    accentFill: '#2563eb',
    onAccent: '#ffffff',
    selected: 'rgba(138, 180, 255, 0.16)',
    background: '#111317',
    paper: '#1b1e24',
    menu: '#171a1f',
    menuText: '#e5e7eb',
    text: '#e5e7eb',
    textSecondary: '#a0a7b4',
    border: '#2f343d',
    hover: 'rgba(255, 255, 255, 0.06)',
    success: '#4ade80',
    warning: '#fbbf24',
    error: '#f87171',
    info: '#8ab4ff',
    shadow: '0 4px 18px rgba(0, 0, 0, 0.5)',
    overlay: 'rgba(0, 0, 0, 0.6)',
    bubbleMine: '#0e3b2a',
    thread: '#0e1114',
  },
};

/** Layout constants of document 1 section 9. */
export const layout = {
  mobileBreakpoint: 600,
  drawerOpenAbove: 1200,
  drawerWidth: 260,
  drawerMiniWidth: 64,
  topBarHeight: 56,
};
