// Test helper: the text a PDF reader extracts (pdf.js, through each font's ToUnicode map), line by line per page.
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface TextItem {
  str: string;
  transform: number[];
}

/** All drawn text lines per page, in drawing order; pieces on one baseline (runs of different fonts) form one line. */
export async function pdfTextByPage(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const lines: string[] = [];
      let lastY: number | null = null;
      for (const item of (await page.getTextContent()).items as TextItem[]) {
        if (item.str === undefined || item.str === '') continue;
        const y = Math.round(item.transform[5] ?? 0);
        if (y === lastY && lines.length > 0) lines[lines.length - 1] += item.str;
        else lines.push(item.str);
        lastY = y;
      }
      pages.push(lines);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextByPage(bytes)).flat().join('\n');
}
