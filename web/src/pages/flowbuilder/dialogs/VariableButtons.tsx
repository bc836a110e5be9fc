/** Buttons that write a stored question variable as {{name}} where the cursor is (document 3 section 3). */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../ui/controls.js';
import { readVariables } from '../variables.js';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  margin: -6px 0 12px;
  font-size: 12px;
`;

interface VariableButtonsProps {
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange(value: string): void;
}

export function VariableButtons({ target, value, onChange }: VariableButtonsProps) {
  const { t } = useTranslation();
  const variables = readVariables();
  if (variables.length === 0) return null;
  const insert = (name: string) => {
    const field = target.current;
    const at = field ? field.selectionStart : value.length;
    const end = field ? field.selectionEnd : value.length;
    const token = `{{${name}}}`;
    onChange(value.slice(0, at) + token + value.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <Row role="group" aria-label={t('web.flowEditor.message.variables')}>
      <span>{t('web.flowEditor.message.variables')}:</span>
      {variables.map((name) => (
        <Button key={name} $variant="outlined" style={{ minHeight: 26, padding: '2px 8px' }} onClick={() => insert(name)}>
          {`{{${name}}}`}
        </Button>
      ))}
    </Row>
  );
}
