/**
 * The one toast system (document 1 section 8): messages close by themselves after 2 seconds (a
 * page may ask for longer: the flow editor's last 3 seconds, document 3 section 8);
 * `useErrorToast` shows any failure, ERR_ codes as their translated catalogue text.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { TOAST_MS, translateError } from '@atende/shared';
import { ApiError, NetworkError } from '@atende/shared/client';
import { layout } from '../app/theme.js';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** A button in the toast (e.g. open the chat a forward landed in). */
export interface ToastAction {
  label: string;
  run(): void;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
}

export type Toaster = Record<ToastKind, (text: string, ms?: number, action?: ToastAction) => void>;

const ToastContext = createContext<Toaster | null>(null);

/** Below the top bar, so that its bell and buttons stay in reach while a toast shows. */
const Stack = styled.div`
  position: fixed;
  top: ${layout.topBarHeight + 8}px;
  right: 16px;
  z-index: 2000;
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: min(380px, calc(100vw - 32px));
`;

const Card = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border-radius: 6px;
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
  ${({ $kind }) => {
    const colors: Record<ToastKind, string> = { success: '#1b8a4b', error: '#c62828', info: '#1e6fd9', warning: '#b76e00' };
    return css`
      background: ${colors[$kind]};
    `;
  }}
  button {
    flex: none;
    padding: 4px 10px;
    border: 1px solid rgba(255, 255, 255, 0.7);
    border-radius: 4px;
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);

  const show = useCallback((kind: ToastKind, text: string, ms = TOAST_MS, action?: ToastAction) => {
    const id = ++next.current;
    setItems((current) => [...current, { id, kind, text, action }]);
    window.setTimeout(() => setItems((current) => current.filter((item) => item.id !== id)), ms);
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      success: (text, ms, action) => show('success', text, ms, action),
      error: (text, ms, action) => show('error', text, ms, action),
      info: (text, ms, action) => show('info', text, ms, action),
      warning: (text, ms, action) => show('warning', text, ms, action),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <Stack>
        {items.map((item) => (
          <Card key={item.id} $kind={item.kind} role={item.kind === 'error' ? 'alert' : 'status'} data-toast={item.kind}>
            <span>{item.text}</span>
            {item.action ? (
              <button
                type="button"
                data-toast-action
                onClick={() => {
                  item.action!.run();
                  setItems((current) => current.filter((shown) => shown.id !== item.id));
                }}
              >
                {item.action.label}
              </button>
            ) : null}
          </Card>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast outside ToastProvider');
  return toaster;
}

/** The text of a failure: the catalogue text of its ERR_ code, the server's text otherwise. */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return translateError(i18n, error.code, error.message);
      if (error instanceof NetworkError) return i18n.t('web.common.networkError');
      return translateError(i18n, 'ERR_INTERNAL_SERVER_ERROR');
    },
    [i18n],
  );
}

/**
 * Shows a failure as the seed's toast for that kind of failure (errorList, errorSave,
 * errorOperation of web.common), followed by the reason (useErrorText's text).
 */
export function useFailureToast(kind: 'errorList' | 'errorSave' | 'errorOperation'): (error: unknown) => void {
  const toast = useToast();
  const errorText = useErrorText();
  const { t } = useTranslation();
  return useCallback((error: unknown) => toast.error(`${t(`web.common.${kind}`)}: ${errorText(error)}`), [toast, errorText, t, kind]);
}

/** Shows a failure in a toast (useErrorText's text). Stable across languages. */
export function useErrorToast(): (error: unknown) => void {
  const toast = useToast();
  const errorText = useErrorText();
  return useCallback((error: unknown) => toast.error(errorText(error)), [toast, errorText]);
}
