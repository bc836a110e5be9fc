/** Queue and tag colours come as the web stores them; only well-formed hex colours reach the terminal. */
export function terminalColor(color: string | null | undefined): string | undefined {
  return color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : undefined;
}
