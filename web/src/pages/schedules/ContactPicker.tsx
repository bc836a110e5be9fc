/**
 * The schedule dialog's contact: searched among the company's contacts (the contacts API, by name
 * or number), picked from a list of buttons; once picked it shows with a button to change it.
 */
import { formatPhoneNumber } from '@atende/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Contact } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Button } from '../../ui/controls.js';
import { FieldBox, FieldError } from '../../ui/form.js';
import { useDebounced } from '../../ui/useDebounced.js';

export interface PickedContact {
  id: string;
  name: string;
  number: string;
}

const Results = styled.ul`
  list-style: none;
  margin: 4px 0 0;
  padding: 0;
  max-height: 180px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 6px;
  button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 8px 10px;
    border: none;
    background: none;
    color: ${({ theme }) => theme.text};
    cursor: pointer;
  }
  button:hover,
  button:focus-visible {
    background: ${({ theme }) => theme.hover};
  }
`;

const Picked = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

interface ContactPickerProps {
  value: PickedContact | null;
  onChange(contact: PickedContact | null): void;
  disabled?: boolean;
  error?: string;
}

export function ContactPicker({ value, onChange, disabled, error }: ContactPickerProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const id = useId();
  const [search, setSearch] = useState('');
  const searched = useDebounced(search, 250);
  const [found, setFound] = useState<Contact[] | null>(null);

  useEffect(() => {
    if (value) return;
    let current = true;
    api.contacts
      .page({ searchParam: searched })
      .then((page) => current && setFound(page.contacts))
      .catch(() => current && setFound([]));
    return () => {
      current = false;
    };
  }, [api, searched, value]);

  return (
    <FieldBox>
      <label htmlFor={id}>{t('web.schedules.contact')}</label>
      {value ? (
        <Picked data-picked-contact={value.id}>
          <span>
            {value.name} ({formatPhoneNumber(value.number)})
          </span>
          {disabled ? null : (
            <Button $variant="text" onClick={() => onChange(null)}>
              {t('web.schedules.contactChange')}
            </Button>
          )}
        </Picked>
      ) : (
        <>
          <input id={id} type="search" placeholder={t('web.schedules.contactSearch')} value={search} onChange={(event) => setSearch(event.target.value)} aria-invalid={Boolean(error)} autoComplete="off" />
          <Results aria-label={t('web.schedules.contactSearch')}>
            {found?.length === 0 ? <li role="status">{t('web.schedules.contactNone')}</li> : null}
            {found?.slice(0, 8).map((contact) => (
              <li key={contact.id}>
                <button type="button" data-contact-option={contact.id} onClick={() => onChange({ id: contact.id, name: contact.name, number: contact.number })}>
                  {contact.name} ({formatPhoneNumber(contact.number, contact.isGroup)})
                </button>
              </li>
            ))}
          </Results>
        </>
      )}
      {error ? <FieldError data-error-for="contactId">{error}</FieldError> : null}
    </FieldBox>
  );
}
