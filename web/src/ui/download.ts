/** Hands generated text (the contacts export, contatos.csv) to the browser as a download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Released once the browser has taken the download (an immediate release can cancel it).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
