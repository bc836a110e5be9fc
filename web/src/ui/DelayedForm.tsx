/**
 * react-final-form's Form, submitting after the seed's pause (400 ms; 500 ms for the settings,
 * companies, plans and helps forms). The wrapped submit is a promise for the whole pause and call,
 * so the form is `submitting` from the first click: the button is disabled and final-form ignores
 * a second Enter or click until the answer.
 */
import { useCallback } from 'react';
import { Form as FinalForm, type FormProps } from 'react-final-form';
import { FORM_SUBMIT_DELAY_MS } from '@atende/shared';

type SubmitArgs<Values> = Parameters<FormProps<Values>['onSubmit']>;

export function Form<Values extends object>({ onSubmit, submitDelay = FORM_SUBMIT_DELAY_MS, ...rest }: FormProps<Values> & { submitDelay?: number }) {
  const delayed = useCallback(
    async (...args: SubmitArgs<Values>) => {
      await new Promise((resolve) => setTimeout(resolve, submitDelay));
      return onSubmit(...args);
    },
    [onSubmit, submitDelay],
  );
  return <FinalForm<Values> {...rest} onSubmit={delayed} />;
}
