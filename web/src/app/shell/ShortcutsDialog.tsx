/** The keyboard shortcuts, listed ("?" or the account menu opens it). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog } from '../../ui/Dialog.js';
import { MESSAGE_KEYS, SHORTCUTS } from './shortcuts.js';

const List = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 10px 16px;
  margin: 0;
  dt {
    white-space: nowrap;
  }
  kbd {
    padding: 2px 6px;
    border: 1px solid ${({ theme }) => theme.border};
    border-bottom-width: 2px;
    border-radius: 4px;
    font: inherit;
    font-size: 12px;
    background: ${({ theme }) => theme.background};
  }
  dd {
    margin: 0;
  }
`;

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('web.shortcuts.title')} onClose={onClose} width={420}>
      <List data-shortcuts>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} style={{ display: 'contents' }}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{t(`web.shortcuts.${shortcut.action}`)}</dd>
          </div>
        ))}
      </List>
      <h3 style={{ margin: '18px 0 10px', fontSize: 14 }}>{t('web.messageActions.keys.title')}</h3>
      <List data-message-keys>
        {MESSAGE_KEYS.map((shortcut) => (
          <div key={shortcut.keys} style={{ display: 'contents' }}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{t(shortcut.text)}</dd>
          </div>
        ))}
      </List>
    </Dialog>
  );
}
