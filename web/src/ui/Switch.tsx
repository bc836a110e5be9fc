/** An on/off switch (role="switch") with its label and, for settings, a one-line description. */
import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Row = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  margin-bottom: 12px;
  cursor: pointer;
  input {
    appearance: none;
    flex-shrink: 0;
    position: relative;
    width: 36px;
    height: 20px;
    margin: 1px 0 0;
    border-radius: 10px;
    background: ${({ theme }) => theme.border};
    cursor: pointer;
    transition: background 0.15s;
  }
  input::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
    transition: transform 0.15s;
  }
  input:checked {
    background: ${({ theme }) => theme.accentFill};
  }
  input:checked::after {
    transform: translateX(16px);
  }
  input:disabled {
    opacity: 0.5;
    cursor: default;
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
  span {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-weight: 500;
    color: ${({ theme }) => theme.text};
  }
  small {
    font-weight: 400;
    font-size: 12.5px;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & { label: string; description?: string };

export function Switch({ label, description, ...input }: SwitchProps) {
  const descriptionId = useId();
  return (
    <Row>
      <input type="checkbox" role="switch" aria-describedby={description ? descriptionId : undefined} {...input} />
      <span>
        {label}
        {description ? <small id={descriptionId}>{description}</small> : null}
      </span>
    </Row>
  );
}
