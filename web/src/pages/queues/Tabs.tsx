/** A row of tabs (queue dialog, settings page): the selected one is underlined. */
import styled from 'styled-components';
import { Button } from '../../ui/controls.js';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  button[aria-selected='true'] {
    border-bottom: 2px solid ${({ theme }) => theme.accent};
    border-radius: 0;
  }
`;

export function Tabs<Key extends string>({ tabs, selected, onSelect }: { tabs: { key: Key; label: string }[]; selected: Key; onSelect(key: Key): void }) {
  return (
    <Bar role="tablist">
      {tabs.map((tab) => (
        <Button key={tab.key} $variant="text" role="tab" aria-selected={tab.key === selected} onClick={() => onSelect(tab.key)}>
          {tab.label}
        </Button>
      ))}
    </Bar>
  );
}
