// Test helper: the text a PDF reader extracts (pdf.js, through each font's ToUnicode map), line by line per page.
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface TextItem {
  str: string;
  transform: number[];
}

/** All drawn text lines per page, in drawing order; pieces on one baseline (runs of different fonts) form one line. */
export async function pdfTextByPage(bytes: Uint8Array): Promise<string[][]> {
  return (await pdfLinesByPage(bytes)).map((lines) => lines.map((line) => line.text));
}

/** pdfTextByPage with where each line starts (its first piece's x, in points from the page's left edge). */
export async function pdfLinesByPage(bytes: Uint8Array): Promise<{ text: string; x: number }[][]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: { text: string; x: number }[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const lines: { text: string; x: number }[] = [];
      let lastY: number | null = null;
      for (const item of (await page.getTextContent()).items as TextItem[]) {
        if (item.str === undefined || item.str === '') continue;
        const y = Math.round(item.transform[5] ?? 0);
        const last = lines[lines.length - 1];
        if (y === lastY && last) last.text += item.str;
        else lines.push({ text: item.str, x: Math.round(item.transform[4] ?? 0) });
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
