/**
 * Modal dialogs: overlay, title, body and actions; Escape (the innermost one only) and the overlay
 * close them. Keyboard focus stays inside the innermost dialog (focus-trap) and goes back where it
 * was when it closes; the actions stay in a footer below the scrolling body.
 */
import { useEffect, useId, type ReactNode } from 'react';
import { FocusTrap } from 'focus-trap-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, IconButton } from './controls.js';
import { useLatest } from './useLatest.js';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1500;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: ${({ theme }) => theme.overlay};
`;

const Panel = styled.div<{ $width: number }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $width }) => $width}px;
  max-height: calc(100dvh - 32px);
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border-radius: 10px;
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 14px 18px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  h2 {
    margin: 0;
    font-size: 17px;
  }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  padding: 16px 18px;
  overflow-y: auto;
`;

export const DialogActions = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  padding: 12px 18px;
  border-top: 1px solid ${({ theme }) => theme.border};
`;

interface FormButtonsProps {
  onCancel(): void;
  submitting?: boolean;
  /** The id of the form to submit, when the buttons are outside it (the dialog's own footer). */
  form?: string;
  cancelLabel?: string;
}

/** Cancel (or close), and save (disabled while submitting). */
export function FormButtons({ onCancel, submitting, form, cancelLabel }: FormButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button $variant="outlined" onClick={onCancel}>
        {cancelLabel ?? t('web.common.cancel')}
      </Button>
      <Button type="submit" form={form} disabled={submitting}>
        {t('web.common.save')}
      </Button>
    </>
  );
}

/** The footer of a form in a dialog, inside the form. */
export function FormActions(props: Omit<FormButtonsProps, 'form'>) {
  return (
    <DialogActions>
      <FormButtons {...props} />
    </DialogActions>
  );
}

/** The panel of the dialog titled by `titleId`. */
function panelOf(titleId: string): HTMLElement | null {
  return document.getElementById(titleId)?.closest<HTMLElement>('[role="dialog"]') ?? null;
}

/** Open dialogs, innermost last: Escape in an image viewer over a dialog closes the viewer only. */
const openDialogs: object[] = [];

interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom; a form puts its own DialogActions inside the body instead. */
  actions?: ReactNode;
  width?: number;
}

export function Dialog({ title, onClose, children, actions, width = 520 }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = useLatest(onClose);
  useEffect(() => {
    const self = {};
    openDialogs.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs.at(-1) === self) close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
    };
  }, [close]);
  return (
    <Overlay onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <FocusTrap
        focusTrapOptions={{
          // Escape is ours (innermost dialog only); clicks outside are the overlay's.
          escapeDeactivates: false,
          allowOutsideClick: true,
          // A form's autofocused field keeps its focus; otherwise the panel itself.
          initialFocus: () => {
            const active = document.activeElement;
            return active instanceof HTMLElement && panelOf(titleId)?.contains(active) ? active : undefined;
          },
          fallbackFocus: () => panelOf(titleId) ?? document.body,
        }}
      >
        <Panel role="dialog" aria-modal="true" aria-labelledby={titleId} $width={width} tabIndex={-1}>
          <Header>
            <h2 id={titleId}>{title}</h2>
            <IconButton icon="close" label={t('web.common.close')} onClick={onClose} />
          </Header>
          <Body>{children}</Body>
          {actions ? <DialogActions>{actions}</DialogActions> : null}
        </Panel>
      </FocusTrap>
    </Overlay>
  );
}

interface ConfirmProps {
  title: string;
  children: ReactNode;
  onConfirm(): void;
  onClose(): void;
  confirmLabel?: string;
  busy?: boolean;
}

/** Cancel / confirm (document 1 section 2, confirm dialog). */
export function ConfirmDialog({ title, children, onConfirm, onClose, confirmLabel, busy }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      width={420}
      actions={
        <>
          <Button $variant="outlined" onClick={onClose}>
            {t('web.common.cancel')}
          </Button>
          <Button $variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('web.common.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
