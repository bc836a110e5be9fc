/**
 * Light/dark theme (document 1 section 1): the saved preference (preferredTheme), else the
 * system's, followed live until the user toggles; the toggle is saved.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { useMediaQuery } from '../ui/useMediaQuery.js';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.js';
import { palettes, type ThemeMode } from './theme.js';

interface ThemeModeState {
  mode: ThemeMode;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeState | null>(null);

function storedMode(): ThemeMode | null {
  const value = readStorage(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * The bundled fonts (main.tsx loads them): Inter for text, so the console looks the same on every
 * system, and Noto Color Emoji after it, so emoji never fall back to empty boxes.
 */
export const FONT_STACK = "'Inter Variable', 'Noto Color Emoji', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: ${FONT_STACK};
    font-size: 14px;
    line-height: 1.4;
    background: ${({ theme }) => theme.background};
    color: ${({ theme }) => theme.text};
    color-scheme: ${({ theme }) => theme.mode};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${({ theme }) => theme.accent}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.accent}; outline-offset: 1px; }
`;

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [chosen, setChosen] = useState<ThemeMode | null>(storedMode);
  const mode: ThemeMode = chosen ?? (systemDark ? 'dark' : 'light');
  const toggle = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    writeStorage(STORAGE_KEYS.theme, next);
    setChosen(next);
  }, [mode]);
  const state = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={state}>
      <ThemeProvider theme={palettes[mode]}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeState {
  const state = useContext(ThemeModeContext);
  if (!state) throw new Error('useThemeMode outside ThemeModeProvider');
  return state;
}
