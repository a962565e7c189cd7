/**
 * A small, valid PDF (1.4) written by hand: Helvetica text lines, WinAnsi encoding so Spanish accents
 * show, as many A4 pages as the lines need, and a cross-reference table with exact byte offsets.
 * Shared by the bills and the claims book's sheets.
 */
function escapeText(s: string): string {
  // keep characters WinAnsi (latin1) can show; replace others so offsets stay byte-exact
  const latin = [...s].map((c) => (c.charCodeAt(0) <= 0xff ? c : '?')).join('');
  return latin.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

/** Lines a page holds under the title (12 pt text, 20 pt apart). */
const LINES_PER_PAGE = 34;
/** Characters of 12 pt Helvetica that fit between the margins, with room for wide letters. */
const WRAP_AT = 88;

/** A paragraph cut at spaces into lines that fit the page; a word longer than a line is cut. */
export function wrapText(text: string, width = WRAP_AT): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      for (let piece = word; piece; piece = piece.slice(width)) {
        const part = piece.slice(0, width);
        if (line && line.length + 1 + part.length > width) {
          lines.push(line);
          line = part;
        } else line = line ? `${line} ${part}` : part;
      }
    }
    lines.push(line);
  }
  return lines;
}

function pageContent(title: string, lines: string[]): Buffer {
  const content = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `(${escapeText(title)}) Tj`,
    '/F1 12 Tf',
    '0 -34 Td',
    ...lines.flatMap((l) => [`(${escapeText(l)}) Tj`, '0 -20 Td']),
    'ET',
  ].join('\n');
  return Buffer.from(content, 'latin1');
}

export function simplePdf(title: string, lines: string[]): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  // objects 1–3: catalog, page tree, font; then a page and its content per page; the info last
  const pageObject = (i: number) => 4 + i * 2;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...pages.flatMap((pageLines, i) => {
      const content = pageContent(title, pageLines).toString('latin1');
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`,
        `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      ];
    }),
    `<< /Title (${escapeText(title)}) /Producer (Andes) >>`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
