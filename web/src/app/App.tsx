import { ToastProvider } from '../ui/toast.js';
import { ApiProvider } from './api.js';
import { I18nProvider } from './i18n.js';
import { Router } from './Router.js';
import { ThemeModeProvider } from './ThemeMode.js';

export function App() {
  return (
    <I18nProvider>
      <ThemeModeProvider>
        <ToastProvider>
          <ApiProvider>
            <Router />
          </ApiProvider>
        </ToastProvider>
      </ThemeModeProvider>
    </I18nProvider>
  );
}
