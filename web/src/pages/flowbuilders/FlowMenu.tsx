/** A flow row's menu (document 3 section 2): edit name, edit flow, duplicate, export, delete; readers open and export only. */
import { useTranslation } from 'react-i18next';
import type { Flow } from '@atende/shared';
import { IconButton } from '../../ui/controls.js';
import { MenuItem, Popover } from '../../ui/Popover.js';

export const FLOW_MENU_ACTIONS = ['editName', 'editFlow', 'duplicate', 'export', 'delete'] as const;
export type FlowMenuAction = (typeof FLOW_MENU_ACTIONS)[number];
const READ_ACTIONS: readonly FlowMenuAction[] = ['editFlow', 'export'];

export default function FlowMenu({ flow, canWrite, onAction }: { flow: Flow; canWrite: boolean; onAction(action: FlowMenuAction): void }) {
  const { t } = useTranslation();
  const label = t('web.flowbuilders.list.menu', { name: flow.name });
  return (
    <Popover label={label} trigger={(toggle) => <IconButton icon="more" label={label} onClick={toggle} data-flow-menu />}>
      {(close) =>
        (canWrite ? FLOW_MENU_ACTIONS : READ_ACTIONS).map((action) => (
          <MenuItem
            key={action}
            data-flow-action={action}
            onClick={() => {
              close();
              onAction(action);
            }}
          >
            {t(`web.flowbuilders.list.${action}`)}
          </MenuItem>
        ))
      }
    </Popover>
  );
}
