// Test helper: reads the logical structure of a tagged PDF without poppler – the structure tree and parent tree with
// pdf-lib, the text of each marked-content id with pdf.js (a real reader, through each font's ToUnicode map) – and
// collects every inconsistency between tree, parent tree and content streams instead of stopping at the first.
import { decodePDFRawStream, PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, PDFHexString } from 'pdf-lib';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TaggedBlock {
  role: string;
  /** The element's text in drawing order, a line break between lines (or between pages). */
  text: string;
  /** The page indexes its marked content lies on. */
  pages: number[];
  alt?: string;
  /** The element's /ActualText, if any. */
  actualText?: string;
  bbox?: number[];
}

export interface PdfStructure {
  marked: boolean;
  lang: string | undefined;
  title: string | undefined;
  displayDocTitle: boolean;
  /** The roles directly under the structure tree root (expected: just Document). */
  rootRoles: string[];
  /** The children of /Document in reading order. */
  blocks: TaggedBlock[];
  /** Per page: /Tabs. */
  tabs: (string | undefined)[];
  /** Per page, text drawn as an artifact. */
  artifactText: string[][];
  /** Everything wrong: unbalanced BDC/EMC, content drawn outside marked content, parent tree entries that do not match. */
  problems: string[];
  /** Per page: how many images are drawn (Do) inside marked content of a Figure. */
  figures: number[];
}

const n = (value: string) => PDFName.of(value);

interface TextItem {
  str?: string;
  type?: string;
  id?: string | null;
  tag?: string | null;
  transform?: number[];
}

export async function readStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const problems: string[] = [];
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  const pageIndex = new Map(pages.map((page, index) => [page.ref.tag, index]));
  const catalog = doc.catalog;
  const marked = catalog.lookupMaybe(n('MarkInfo'), PDFDict)?.lookupMaybe(n('Marked'), PDFBool)?.asBoolean() ?? false;
  const lang = catalog.lookupMaybe(n('Lang'), PDFString, PDFHexString)?.decodeText();
  const displayDocTitle = catalog.lookupMaybe(n('ViewerPreferences'), PDFDict)?.lookupMaybe(n('DisplayDocTitle'), PDFBool)?.asBoolean() ?? false;

  // Marked-content text and the content stream checks, page by page.
  const mcText = new Map<string, string[]>(); // `${page}/${mcid}` → lines
  const artifactText: string[][] = [];
  const figures: number[] = [];
  const drawnMcids = pages.map(() => new Map<number, string>()); // mcid → BDC tag
  pages.forEach((page, index) => {
    const { mcids, figureImages } = checkContent(contentOf(doc, page.node.Contents()), index, problems);
    for (const [mcid, tag] of mcids) drawnMcids[index]?.set(mcid, tag);
    figures.push(figureImages);
  });
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  const pdfjsRoots: string[][] = [];
  try {
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const stack: (string | null)[] = [];
      const artifacts: string[] = [];
      let lastY: number | null = null;
      let lastKey: string | null = null;
      for (const item of (await page.getTextContent({ includeMarkedContent: true })).items as TextItem[]) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
          const mcid = /_mc(\d+)$/.exec(item.id ?? '')?.[1];
          stack.push(item.tag === 'Artifact' ? 'artifact' : mcid === undefined ? null : `${number - 1}/${mcid}`);
          continue;
        }
        if (item.type === 'endMarkedContent') {
          stack.pop();
          continue;
        }
        if (!item.str) continue;
        const key = stack.findLast((entry) => entry !== null) ?? null;
        const y = Math.round(item.transform?.[5] ?? 0);
        if (key === null) problems.push(`page ${number - 1}: text outside marked content: ${item.str}`);
        else if (key === 'artifact') artifacts.push(item.str);
        else {
          const lines = mcText.get(key) ?? [];
          if (lines.length > 0 && key === lastKey && y === lastY) lines[lines.length - 1] += item.str;
          // pdf.js puts the gap to text on the same baseline before it as a space of its own: not part of the element.
          else if (item.str.trim() !== '') lines.push(item.str);
          mcText.set(key, lines);
        }
        lastY = y;
        lastKey = key;
      }
      artifactText.push(artifacts);
      const tree = (await page.getStructTree()) as { children?: { role?: string }[] } | null;
      pdfjsRoots.push((tree?.children ?? []).map((child) => child.role ?? '?'));
    }
  } finally {
    await pdf.destroy();
  }

  // The structure tree: root → Document → blocks.
  const root = catalog.lookupMaybe(n('StructTreeRoot'), PDFDict);
  const rootKids = root ? kidsOf(root) : [];
  const rootRoles = rootKids.map(
    (kid) => (kid instanceof PDFRef ? doc.context.lookupMaybe(kid, PDFDict)?.lookupMaybe(n('S'), PDFName)?.decodeText() : undefined) ?? '?',
  );
  for (const [index, roles] of pdfjsRoots.entries()) {
    if (roles.join() !== 'Document') problems.push(`page ${index}: pdf.js sees the roots ${roles.join()}`);
  }
  const documentRef = rootKids[0];
  const document = documentRef instanceof PDFRef ? doc.context.lookupMaybe(documentRef, PDFDict) : undefined;
  const owners = new Map<string, PDFRef>(); // `${page}/${mcid}` → element
  const blocks: TaggedBlock[] = [];
  for (const kid of document ? kidsOf(document) : []) {
    const element = kid instanceof PDFRef ? doc.context.lookupMaybe(kid, PDFDict) : undefined;
    if (!(kid instanceof PDFRef) || !element) {
      problems.push('a child of Document is not an indirect structure element');
      continue;
    }
    if (element.get(n('P')) !== documentRef) problems.push(`element ${kid.tag}: /P is not Document`);
    const role = element.lookupMaybe(n('S'), PDFName)?.decodeText() ?? '?';
    const defaultPage = element.get(n('Pg'));
    const lines: string[] = [];
    const onPages: number[] = [];
    for (const content of kidsOf(element)) {
      let mcid: number | undefined;
      let pageRef: unknown = defaultPage;
      if (content instanceof PDFNumber) mcid = content.asNumber();
      else {
        const mcr = content instanceof PDFRef ? doc.context.lookupMaybe(content, PDFDict) : content instanceof PDFDict ? content : undefined;
        mcid = mcr?.lookupMaybe(n('MCID'), PDFNumber)?.asNumber();
        pageRef = mcr?.get(n('Pg')) ?? defaultPage;
      }
      const page = pageRef instanceof PDFRef ? pageIndex.get(pageRef.tag) : undefined;
      if (mcid === undefined || page === undefined) {
        problems.push(`element ${kid.tag} (${role}): a kid without MCID or page`);
        continue;
      }
      const key = `${page}/${mcid}`;
      if (owners.has(key)) problems.push(`${key} belongs to two elements`);
      owners.set(key, kid);
      const tag = drawnMcids[page]?.get(mcid);
      if (tag === undefined) problems.push(`${key} (${role}) is not drawn`);
      else if (tag !== role) problems.push(`${key} is drawn as /${tag}, its element is ${role}`);
      if (!onPages.includes(page)) onPages.push(page);
      lines.push(...(mcText.get(key) ?? []));
    }
    const block: TaggedBlock = { role, text: lines.join('\n'), pages: onPages };
    const alt = element.lookupMaybe(n('Alt'), PDFString, PDFHexString)?.decodeText();
    if (alt !== undefined) block.alt = alt;
    const actualText = element.lookupMaybe(n('ActualText'), PDFString, PDFHexString)?.decodeText();
    if (actualText !== undefined) block.actualText = actualText;
    const bbox = element.lookupMaybe(n('A'), PDFDict)?.lookupMaybe(n('BBox'), PDFArray);
    if (bbox) block.bbox = bbox.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : NaN));
    blocks.push(block);
  }

  // The parent tree: every page has its key; entry i of its array is the element owning MCID i, and nothing else.
  const nums = root?.lookupMaybe(n('ParentTree'), PDFDict)?.lookupMaybe(n('Nums'), PDFArray);
  const parentTree = new Map<number, PDFArray>();
  for (let i = 0; nums && i + 1 < nums.size(); i += 2) {
    const key = nums.lookupMaybe(i, PDFNumber)?.asNumber();
    const value = nums.lookupMaybe(i + 1, PDFArray);
    if (key === undefined || !value) problems.push(`parent tree entry ${i / 2} malformed`);
    else parentTree.set(key, value);
  }
  const nextKey = root?.lookupMaybe(n('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
  pages.forEach((page, index) => {
    const key = page.node.lookupMaybe(n('StructParents'), PDFNumber)?.asNumber();
    const ids = key === undefined ? undefined : parentTree.get(key);
    if (key === undefined || !ids) {
      problems.push(`page ${index}: no parent tree entry`);
      return;
    }
    if (key >= nextKey) problems.push(`page ${index}: key ${key} not below ParentTreeNextKey ${nextKey}`);
    ids.asArray().forEach((entry, mcid) => {
      if (owners.get(`${index}/${mcid}`) !== entry) problems.push(`page ${index}: parent tree entry for MCID ${mcid} is not its element`);
    });
    for (const mcid of drawnMcids[index]?.keys() ?? []) {
      if (mcid >= ids.size()) problems.push(`page ${index}: MCID ${mcid} missing from the parent tree`);
    }
  });
  return {
    marked,
    lang,
    title: doc.getTitle(),
    displayDocTitle,
    rootRoles,
    blocks,
    tabs: pages.map((page) => page.node.lookupMaybe(n('Tabs'), PDFName)?.decodeText()),
    artifactText,
    problems,
    figures,
  };
}

function kidsOf(dict: PDFDict): unknown[] {
  const kids = dict.get(n('K'));
  if (kids === undefined) return [];
  const resolved = kids instanceof PDFRef ? dict.context.lookup(kids) : kids;
  // /K of an element may be one kid (a ref, an MCID, an MCR) or an array of them.
  return resolved instanceof PDFArray ? resolved.asArray() : [kids];
}

function contentOf(doc: PDFDocument, contents: unknown): string {
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => (ref instanceof PDFRef ? doc.context.lookup(ref) : ref)) : [contents];
  return streams.map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '')).join('\n');
}

const paintingOperators = new Set(['Tj', 'TJ', "'", '"', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Do', 'sh']);

/**
 * Scans a page's content: BDC/BMC and EMC balance, no nesting, nothing painted outside marked content, each MCID used
 * once. Strings and inline dictionaries are taken apart only as far as pdf-lib writes them (hex strings, flat dicts).
 */
function checkContent(content: string, page: number, problems: string[]): { mcids: Map<number, string>; figureImages: number } {
  const mcids = new Map<number, string>();
  const tokens = content
    .replace(/<<[^>]*>>/g, (dict) => dict.replace(/\s+/g, ''))
    .replace(/<[0-9A-Fa-f\s]*>/g, '<hex>')
    .replace(/\((?:\\.|[^\\)])*\)/g, '(str)')
    .split(/\s+/)
    .filter(Boolean);
  let open: string | null = null;
  let figureImages = 0;
  tokens.forEach((token, i) => {
    if (token === 'BDC' || token === 'BMC') {
      if (open !== null) problems.push(`page ${page}: marked content nested in ${open}`);
      const tag = (token === 'BDC' ? tokens[i - 2] : tokens[i - 1]) ?? '';
      open = tag;
      const mcid = token === 'BDC' ? /\/MCID(\d+)/.exec(tokens[i - 1] ?? '')?.[1] : undefined;
      if (mcid !== undefined) {
        if (mcids.has(Number(mcid))) problems.push(`page ${page}: MCID ${mcid} drawn twice`);
        mcids.set(Number(mcid), tag.replace(/^\//, ''));
      } else if (tag !== '/Artifact') problems.push(`page ${page}: marked content ${tag} without MCID`);
    } else if (token === 'EMC') {
      if (open === null) problems.push(`page ${page}: EMC without BDC`);
      open = null;
    } else if (paintingOperators.has(token)) {
      if (open === null) problems.push(`page ${page}: ${token} outside marked content`);
      if (token === 'Do' && open === '/Figure') figureImages += 1;
    }
  });
  if (open !== null) problems.push(`page ${page}: ${open} not closed`);
  return { mcids, figureImages };
}
