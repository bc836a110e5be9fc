/**
 * Light and dark palettes (document 3 "theme and shell": primary dark blue in light mode, white in
 * dark mode). Components read them through styled-components' ThemeProvider.
 */
export type ThemeMode = 'light' | 'dark';

export interface Palette {
  mode: ThemeMode;
  primary: string;
  onPrimary: string;
  accent: string;
  background: string;
  paper: string;
  menu: string;
  menuText: string;
  topBar: string;
  topBarText: string;
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
}

export const palettes: Record<ThemeMode, Palette> = {
  light: {
    mode: 'light',
    primary: '#0b3a6e',
    onPrimary: '#ffffff',
    accent: '#1e6fd9',
    background: '#f3f5f8',
    paper: '#ffffff',
    menu: '#ffffff',
    menuText: '#1f2937',
    topBar: '#0b3a6e',
    topBarText: '#ffffff',
    text: '#1f2937',
    textSecondary: '#5b6472',
    border: '#d9dee6',
    hover: 'rgba(11, 58, 110, 0.08)',
    success: '#1b8a4b',
    warning: '#b76e00',
    error: '#c62828',
    info: '#1e6fd9',
    shadow: '0 4px 18px rgba(15, 23, 42, 0.14)',
    overlay: 'rgba(15, 23, 42, 0.45)',
    bubbleMine: '#dcf8c6',
  },
  dark: {
    mode: 'dark',
    primary: '#ffffff',
    onPrimary: '#111827',
    accent: '#7fb2ff',
    background: '#121418',
    paper: '#1c1f26',
    menu: '#181b21',
    menuText: '#e5e7eb',
    topBar: '#1c1f26',
    topBarText: '#f3f4f6',
    text: '#e5e7eb',
    textSecondary: '#9ca3af',
    border: '#30343d',
    hover: 'rgba(255, 255, 255, 0.08)',
    success: '#4caf7a',
    warning: '#f0a33a',
    error: '#ef6b6b',
    info: '#7fb2ff',
    shadow: '0 4px 18px rgba(0, 0, 0, 0.5)',
    overlay: 'rgba(0, 0, 0, 0.6)',
    bubbleMine: '#1f4f3a',
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
