// The io-ts → JSON Schema converter behind docs/openapi.json, over the combinators the core codecs use.
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { IsoDate, nullable, optional } from '@rechtschat/core';
import { toJsonSchema } from '../openapi/ioTsSchema.js';

describe('toJsonSchema', () => {
  it('maps objects with required and optional properties', () => {
    const codec = t.intersection([t.type({ Name: t.string, Age: optional(t.number), At: IsoDate }), t.partial({ Note: nullable(t.string) })]);
    expect(toJsonSchema(codec)).toEqual({
      allOf: [
        {
          type: 'object',
          properties: { Name: { type: 'string' }, Age: { type: 'number' }, At: { type: 'string', format: 'date-time' } },
          required: ['Name', 'At'],
        },
        { type: 'object', properties: { Note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
      ],
    });
  });

  it('maps literals, keyof, arrays, records, exact/readonly and refinements to their base', () => {
    expect(toJsonSchema(t.union([t.literal('a'), t.literal(2)]))).toEqual({ enum: ['a', 2] });
    expect(toJsonSchema(t.keyof({ male: null, female: null }))).toEqual({ enum: ['male', 'female'] });
    expect(toJsonSchema(t.readonlyArray(t.boolean))).toEqual({ type: 'array', items: { type: 'boolean' } });
    expect(toJsonSchema(t.record(t.string, t.number))).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
    expect(toJsonSchema(t.exact(t.readonly(t.type({ A: t.null }))))).toEqual({ type: 'object', properties: { A: { type: 'null' } }, required: ['A'] });
    expect(toJsonSchema(t.refinement(t.number, (n) => n > 0, 'Positive'))).toEqual({ type: 'number' });
    expect(toJsonSchema(t.Int)).toEqual({ type: 'number' });
  });
});
