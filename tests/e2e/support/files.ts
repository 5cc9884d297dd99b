import sharp from 'sharp';

/**
 * Small real files for upload tests, made on the spot: a PNG by sharp, and a one-page PDF
 * written by hand with a correct cross-reference table (so pdf.js opens it without repair).
 */
export async function solidPng(width = 240, height = 150, background = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A valid one-page PDF (A6-ish page) showing `text` in black Helvetica on white. */
export function tinyPdf(text = 'Cardbook brochure'): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 28 Tf 24 200 Td (${safe}) Tj ET\n0 0 0 RG 8 w 20 20 m 280 20 l S\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
