/**
 * A day field in the language's format (dayText.ts): typed with the separators put in as it
 * grows; `onChange` gets "YYYY-MM-DD", or '' while the text is not a whole real day.
 */
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from './format.js';
import { dayPattern, formatDayText, maskDayText, parseDayText } from './dayText.js';

type DayInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange(value: string): void;
};

export function DayInput({ value, onChange, ...rest }: DayInputProps) {
  const { t } = useTranslation();
  const pattern = dayPattern(formatLocale());
  const shown = formatDayText(value, pattern);
  const [text, setText] = useState(shown);
  // A value set from outside (or a change of language) shows; a text being typed stays as typed.
  useEffect(() => {
    setText((current) => ((parseDayText(current, dayPattern(formatLocale())) ?? '') === value ? current : shown));
  }, [value, shown]);
  const placeholder = pattern.order.map((part) => t(`web.common.dayLetters.${part}`)).join(pattern.separator);
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={placeholder}
      value={text}
      data-day-value={value}
      onChange={(event) => {
        const masked = maskDayText(event.target.value, pattern);
        setText(masked);
        onChange(parseDayText(masked, pattern) ?? '');
      }}
    />
  );
}
