// The logical structure of a tagged PDF (ISO 32000-1 § 14.7–14.8, EN 301 549 ch. 10): the catalog is /Marked, a
// /StructTreeRoot holds one /Document element whose children (H1, H2, P, Figure) stand in reading order, and each
// refers to its drawn content by marked-content ids (BDC /MCID … EMC) in the page's content stream. The /ParentTree
// maps each page's /StructParents key back to the element of every id on that page. Decoration (rules, page numbers)
// is drawn as /Artifact, which assistive technology skips.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, PDFRef, type PDFDocument, type PDFPage } from 'pdf-lib';

export type StructureRole = 'H1' | 'H2' | 'P' | 'Figure';

/** One structure element, a child of /Document; its content is what `begin`…`end` encloses, on any page. */
export interface StructureElement {
  readonly role: StructureRole;
  readonly ref: PDFRef;
  readonly dict: PDFDict;
}

export interface ElementOptions {
  /** Alternative text, required for a Figure. */
  alt?: string;
  /** For a Figure: its box on the page, [left, bottom, right, top] in points. */
  bbox?: [number, number, number, number];
  /**
   * The element's whole text (§ 14.9.4): a wrapped paragraph's lines are drawn without the space at each break, so
   * assistive technology that reads the structure would run the last and first words of two lines together.
   */
  actualText?: string;
}

/** What an artifact is (§ 14.8.2.2.2): page furniture such as page numbers, or layout such as rules and lines. */
export type ArtifactType = 'Pagination' | 'Layout';

const name = (value: string) => PDFName.of(value);

export class PdfTags {
  /** Per page (by its ref's tag): the parent tree array, whose index is the marked-content id on that page. */
  private readonly pages = new Map<string, PDFArray>();
  private open: { page: PDFPage; element: StructureElement } | null = null;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly root: PDFDict,
    private readonly documentRef: PDFRef,
    private readonly documentKids: PDFArray,
    private readonly nums: PDFArray,
  ) {}

  /** Makes a new document a tagged PDF: /MarkInfo, an empty /StructTreeRoot with /Document, the /ParentTree. */
  static create(doc: PDFDocument): PdfTags {
    const { context } = doc;
    doc.catalog.set(name('MarkInfo'), context.obj({ Marked: true }));
    const nums = context.obj([]);
    const rootRef = context.nextRef();
    const documentKids = context.obj([]);
    const documentRef = context.register(context.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: documentKids }));
    const root = context.obj({ Type: 'StructTreeRoot', K: documentRef, ParentTree: context.register(context.obj({ Nums: nums })), ParentTreeNextKey: 0 });
    context.assign(rootRef, root);
    doc.catalog.set(name('StructTreeRoot'), rootRef);
    return new PdfTags(doc, root, documentRef, documentKids, nums);
  }

  /** Continues the structure of a PDF that `create` tagged (signing adds to the Vollmacht); tags it afresh otherwise. */
  static open(doc: PDFDocument): PdfTags {
    const root = doc.catalog.lookupMaybe(name('StructTreeRoot'), PDFDict);
    const documentRef = root?.get(name('K'));
    const documentKids = documentRef instanceof PDFRef ? doc.context.lookupMaybe(documentRef, PDFDict)?.lookupMaybe(name('K'), PDFArray) : undefined;
    const nums = root?.lookupMaybe(name('ParentTree'), PDFDict)?.lookupMaybe(name('Nums'), PDFArray);
    if (!root || !(documentRef instanceof PDFRef) || !documentKids || !nums) return PdfTags.create(doc);
    return new PdfTags(doc, root, documentRef, documentKids, nums);
  }

  /** Appends a structure element to /Document: call in reading order. */
  element(role: StructureRole, options: ElementOptions = {}): StructureElement {
    const { context } = this.doc;
    const dict = context.obj({ Type: 'StructElem', S: role, P: this.documentRef, K: [] });
    if (options.alt !== undefined) dict.set(name('Alt'), PDFHexString.fromText(options.alt));
    if (options.actualText !== undefined) dict.set(name('ActualText'), PDFHexString.fromText(options.actualText));
    if (options.bbox) dict.set(name('A'), context.obj({ O: 'Layout', BBox: options.bbox }));
    const ref = context.register(dict);
    this.documentKids.push(ref);
    return { role, ref, dict };
  }

  /** Opens the element's marked content on the page; everything drawn until `end` belongs to it. */
  begin(page: PDFPage, element: StructureElement): void {
    if (this.open) throw new Error('PdfTags: marked content is already open');
    const ids = this.parentTreeArray(page);
    const mcid = ids.size();
    ids.push(element.ref);
    const kids = element.dict.lookup(name('K'), PDFArray);
    const first = element.dict.get(name('Pg'));
    if (!first) element.dict.set(name('Pg'), page.ref);
    if (!first || first === page.ref) kids.push(PDFNumber.of(mcid));
    else kids.push(this.doc.context.obj({ Type: 'MCR', Pg: page.ref, MCID: mcid }));
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [name(element.role), `<</MCID ${mcid}>>`]));
    this.open = { page, element };
  }

  /** Closes the marked content `begin` opened; a no-op when none is open. */
  end(): void {
    if (!this.open) return;
    this.open.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    this.open = null;
  }

  /** Draws content of one element in one marked-content sequence. */
  mark(page: PDFPage, element: StructureElement, draw: () => void): void {
    this.begin(page, element);
    draw();
    this.end();
  }

  /** Draws decoration that is not part of the text (rules, page numbers) as an artifact. */
  artifact(page: PDFPage, type: ArtifactType, draw: () => void): void {
    if (this.open) throw new Error('PdfTags: an artifact cannot lie inside marked content');
    this.parentTreeArray(page);
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [name('Artifact'), `<</Type /${type}>>`]));
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Gives a page its /StructParents key and the tab order /S; `begin` and `artifact` do so for a page they first see. */
  registerPage(page: PDFPage): void {
    this.parentTreeArray(page);
  }

  /** The page's parent tree array; a page seen for the first time gets its /StructParents key and tab order /S. */
  private parentTreeArray(page: PDFPage): PDFArray {
    const known = this.pages.get(page.ref.tag);
    if (known) return known;
    const { context } = this.doc;
    const key = page.node.lookupMaybe(name('StructParents'), PDFNumber)?.asNumber();
    let ids = key === undefined ? undefined : this.lookupNums(key);
    if (!ids) {
      const next = this.root.lookupMaybe(name('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
      ids = context.obj([]);
      this.nums.push(PDFNumber.of(next));
      this.nums.push(context.register(ids));
      page.node.set(name('StructParents'), PDFNumber.of(next));
      this.root.set(name('ParentTreeNextKey'), PDFNumber.of(next + 1));
    }
    page.node.set(name('Tabs'), name('S'));
    this.pages.set(page.ref.tag, ids);
    return ids;
  }

  private lookupNums(key: number): PDFArray | undefined {
    for (let i = 0; i + 1 < this.nums.size(); i += 2) {
      if (this.nums.lookupMaybe(i, PDFNumber)?.asNumber() === key) return this.nums.lookupMaybe(i + 1, PDFArray);
    }
    return undefined;
  }
}
