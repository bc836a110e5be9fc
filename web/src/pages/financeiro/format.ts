/**
 * Amounts and dates of the finance pages as document 2 shows them whatever the interface language:
 * Brazilian reais in the pt-BR format (R$ 49,00) and days as DD/MM/YYYY.
 */
const REAIS = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const DAY = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatReais(value: number): string {
  // Intl separates the symbol with a no-break space; a plain one reads and copies the same.
  return REAIS.format(value).replace(/\u00a0/g, ' ');
}

export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}
