/**
 * The form helper: react-final-form fields with labels and error texts, validated by the shared
 * joi schemas (see validation.ts).
 */
import { useCallback, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, useField } from 'react-final-form';
import { setIn } from 'final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ObjectSchema } from 'joi';
import { IconButton } from './controls.js';
import { Switch } from './Switch.js';
import { schemaProblems } from './validation.js';

/** Texts a form says instead of the general ones, by field path and problem key. */
export type ProblemTexts = Record<string, Partial<Record<string, string>>>;

/**
 * A final-form `validate` for a schema, with the texts of the current language; `texts` names
 * the spec's own wording for a field (a tag name too short is "Mensagem muito curta").
 */
export function useSchemaValidator<Values extends object>(schema: ObjectSchema, texts?: ProblemTexts): (values: Values) => Record<string, unknown> {
  const { t } = useTranslation();
  return useCallback(
    (values: Values) => {
      let errors: Record<string, unknown> = {};
      for (const [path, problem] of Object.entries(schemaProblems(schema, values))) {
        errors = setIn(errors, path, t(texts?.[path]?.[problem.key] ?? problem.key, { limit: problem.limit })) as Record<string, unknown>;
      }
      return errors;
    },
    [schema, t, texts],
  );
}

export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
  min-width: 0;
  label {
    font-size: 12px;
    font-weight: 600;
    color: ${({ theme }) => theme.textSecondary};
  }
  input,
  select,
  textarea {
    width: 100%;
    padding: 9px 10px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 6px;
    background: ${({ theme }) => theme.paper};
    outline: none;
  }
  input:focus,
  select:focus,
  textarea:focus {
    border-color: ${({ theme }) => theme.accent};
  }
  /* The swatch of a colour field fills the field (padded, it shrinks to a grey line). */
  input[type='color'] {
    height: 40px;
    padding: 3px;
    cursor: pointer;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.error};
  }
`;

export const FieldError = styled.span`
  color: ${({ theme }) => theme.error};
  font-size: 12px;
`;

export const FormRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 0 12px;
`;

/**
 * A field's error, once it matters: after a failed submit, or once the field was changed and left.
 * Merely passing through a field (the autofocused e-mail, then a click on a link) shows nothing.
 */
function useFieldError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { touched: true, modified: true, submitFailed: true, error: true, submitError: true, dirtySinceLastSubmit: true } });
  if (!meta.submitFailed && !(meta.touched && meta.modified)) return undefined;
  const submitError = meta.dirtySinceLastSubmit ? undefined : (meta.submitError as string | undefined);
  return (meta.error as string | undefined) ?? submitError;
}

interface LabeledProps {
  name: string;
  label: string;
  children: (error: string | undefined, id: string) => ReactNode;
}

function Labeled({ name, label, children }: LabeledProps) {
  const error = useFieldError(name);
  const id = `field-${name.replace(/\W/g, '-')}`;
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children(error, id)}
      {error ? <FieldError data-error-for={name}>{error}</FieldError> : null}
    </FieldBox>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'> & {
  name: string;
  label: string;
  /** Turns what is typed into the stored value (masks, numbers). */
  parse?: (value: string) => unknown;
  multiline?: number;
};

export function TextField({ name, label, parse, multiline, ...rest }: TextFieldProps) {
  return (
    <Labeled name={name} label={label}>
      {(error, id) => (
        <Field<unknown> name={name} parse={parse ? (value: unknown) => parse(String(value ?? '')) : undefined}>
          {({ input }) =>
            multiline ? (
              <textarea id={id} rows={multiline} aria-invalid={Boolean(error)} {...input} value={String(input.value ?? '')} disabled={rest.disabled} />
            ) : (
              <input id={id} aria-invalid={Boolean(error)} {...rest} {...input} value={String(input.value ?? '')} />
            )
          }
        </Field>
      )}
    </Labeled>
  );
}

const Reveal = styled.div`
  position: relative;
  input {
    padding-right: 44px;
  }
  button {
    position: absolute;
    top: 50%;
    right: 4px;
    transform: translateY(-50%);
  }
`;

/** A password with a button that shows or hides what was typed. */
export function PasswordField({ name, label, autoComplete }: { name: string; label: string; autoComplete: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Labeled name={name} label={label}>
      {(error, id) => (
        <Field<string> name={name}>
          {({ input }) => (
            <Reveal>
              <input id={id} aria-invalid={Boolean(error)} autoComplete={autoComplete} {...input} type={shown ? 'text' : 'password'} value={input.value ?? ''} />
              <IconButton
                icon={shown ? 'eyeOff' : 'eye'}
                label={t(shown ? 'web.common.hidePassword' : 'web.common.showPassword')}
                aria-pressed={shown}
                aria-controls={id}
                onClick={() => setShown((value) => !value)}
                data-reveal-password
              />
            </Reveal>
          )}
        </Field>
      )}
    </Labeled>
  );
}

/** The failure of a whole form (refused sign-in), said at the form itself. */
export const FormAlert = styled.p`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.error};
  color: ${({ theme }) => theme.error};
  background: ${({ theme }) => theme.hover};
`;

export interface Option {
  value: string;
  label: string;
}

export function SelectField({ name, label, options, empty, disabled }: { name: string; label: string; options: Option[]; empty?: string; disabled?: boolean }) {
  return (
    <Labeled name={name} label={label}>
      {(error, id) => (
        <Field<string> name={name} parse={(value) => value}>
          {({ input }) => (
            <select id={id} aria-invalid={Boolean(error)} disabled={disabled} {...input} value={input.value ?? ''}>
              {empty !== undefined ? <option value="">{empty}</option> : null}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </Labeled>
  );
}

const Checks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: 400;
    color: ${({ theme }) => theme.text};
  }
  input {
    width: auto;
  }
`;

/** Several values out of a list (queues of a user or of a connection). */
export function MultiCheckField({ name, label, options, disabled }: { name: string; label: string; options: Option[]; disabled?: boolean }) {
  const { input } = useField<string[]>(name);
  const selected = Array.isArray(input.value) ? input.value : [];
  const toggle = (value: string) => input.onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  const { t } = useTranslation();
  return (
    <Labeled name={name} label={label}>
      {(_error, id) => (
        <Checks id={id} role="group" aria-label={label}>
          {options.length === 0 ? <span>{t('web.common.none')}</span> : null}
          {options.map((option) => (
            <label key={option.value}>
              <input type="checkbox" name={name} value={option.value} checked={selected.includes(option.value)} disabled={disabled} onChange={() => toggle(option.value)} />
              {option.label}
            </label>
          ))}
        </Checks>
      )}
    </Labeled>
  );
}

export function SwitchField({ name, label, description, disabled }: { name: string; label: string; description?: string; disabled?: boolean }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Switch
          name={input.name}
          label={label}
          description={description}
          checked={Boolean(input.checked)}
          onChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
