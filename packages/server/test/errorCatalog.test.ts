// Errors in one shape: every module's declared codes carry their HTTP status, the OpenAPI catalog lists each of
// them, and docs/api.md names each code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from '../openapi/errorCatalog.js';
import { caseFileError } from '../src/features/casefile/caseFileErrors.js';
import { DomainError, errorCodes, isPlatformErrorCode } from '../src/platform/errors.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const apiDoc = fs.readFileSync(path.resolve(src, '../../../docs/api.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const catalogued = new Map(Object.values(errorCatalog).flatMap((statuses) => Object.entries(statuses)));

describe('error codes', () => {
  it('should give a generic code the status of the platform and a declared code the status its module gave it', () => {
    expect(new DomainError('Conflict', 'Schon da.')).toMatchObject({ code: 'Conflict', status: 409, message: 'Schon da.' });
    expect(caseFileError('AlreadySigned', 'Die Vollmacht wurde bereits unterschrieben.')).toMatchObject({ code: 'AlreadySigned', status: 409 });
    const teapot = errorCodes({ Teapot: 418 });
    expect(teapot('Teapot', 'Kein Kaffee.')).toBeInstanceOf(DomainError);
    expect(teapot.statuses).toEqual({ Teapot: 418 });
    expect(teapot('Teapot', 'Kein Kaffee.', { Field: 'Cup' })).toMatchObject({ status: 418, details: { Field: 'Cup' } });
    expect(isPlatformErrorCode('NotFound')).toBe(true);
    expect(isPlatformErrorCode('ChatTaken')).toBe(false);
    expect(isPlatformErrorCode('toString')).toBe(false);
  });

  it('should list every code a module declares with errorCodes in the OpenAPI catalog, with its status', async () => {
    const declaring = sourceFiles(src).filter((file) => /=\s*errorCodes\(/.test(fs.readFileSync(file, 'utf8')));
    expect(declaring.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const file of declaring) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (typeof value !== 'function' || !('statuses' in value)) continue;
        for (const [code, status] of Object.entries(value.statuses as Record<string, number>)) {
          if (catalogued.get(code) !== status) missing.push(`${path.relative(src, file)}: ${code} ${status}`);
        }
      }
    }
    expect(missing, 'add the module to packages/server/openapi/errorCatalog.ts and run `npm run openapi`').toEqual([]);
  });

  it('should name every catalogued code in docs/api.md', () => {
    const undocumented = [...catalogued.keys()].filter((code) => !apiDoc.includes(code));
    expect(undocumented).toEqual([]);
  });
});
