/** The curl command a test form stands for, with the console's own address (what integrators reach). */
export interface CurlRequest {
  origin: string;
  token: string;
  number: string;
  body: string;
  /** A file's name: the request becomes multipart with `medias`. */
  fileName?: string;
}

/** Single quotes for the shell, a quote inside written as '\''. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand({ origin, token, number, body, fileName }: CurlRequest): string {
  const lines = [`curl -X POST ${quoted(`${origin}/api/messages/send`)}`, `  -H ${quoted(`Authorization: Bearer ${token || '<token>'}`)}`];
  if (fileName) {
    lines.push(`  -F ${quoted(`number=${number}`)}`, `  -F ${quoted(`body=${body}`)}`, `  -F ${quoted(`medias=@${fileName}`)}`);
  } else {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${quoted(JSON.stringify({ number, body }))}`);
  }
  return lines.join(' \\\n');
}
