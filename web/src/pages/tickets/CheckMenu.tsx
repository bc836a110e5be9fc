/** A multi-select in a popover (queues, tags, users of the ticket filters). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../ui/controls.js';
import { Popover } from '../../ui/Popover.js';

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 14px;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

interface CheckMenuProps {
  label: string;
  options: { id: string; name: string }[];
  value: string[];
  onChange(value: string[]): void;
}

export function CheckMenu({ label, options, value, onChange }: CheckMenuProps) {
  const { t } = useTranslation();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((item) => item !== id));
  return (
    <Popover
      label={label}
      align="left"
      trigger={(open) => (
        <Button $variant="outlined" onClick={open} data-filter={label}>
          {label} ({value.length})
        </Button>
      )}
    >
      {options.length === 0 ? <Option as="p">{t('web.common.empty')}</Option> : null}
      {options.map((option) => (
        <Option key={option.id}>
          <input type="checkbox" checked={value.includes(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
          {option.name}
        </Option>
      ))}
    </Popover>
  );
}
