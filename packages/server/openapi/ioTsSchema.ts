// io-ts codec → JSON Schema (2020-12, as OpenAPI 3.1 uses it), for the combinators the core wire codecs use.
// Refinements and brands document their base type; hand-written `new t.Type` codecs are known by name below.
import type * as t from 'io-ts';

export type JsonSchema = { readonly [key: string]: unknown };

/** Custom codecs of @rechtschat/core (`new t.Type(...)`): io-ts cannot tell their shape, their name can. */
const namedCodecs: Readonly<Record<string, JsonSchema>> = {
  IsoDate: { type: 'string', format: 'date-time' },
  NonEmptyString: { type: 'string', minLength: 1 },
  CaseReference: { type: 'string', pattern: '^RC-' },
};

/** The fields io-ts' built-in combinators carry (each class has a literal `_tag`). */
interface Tagged {
  readonly _tag?: string;
  readonly name: string;
  readonly props?: Readonly<Record<string, t.Mixed>>;
  readonly types?: readonly t.Mixed[];
  readonly type?: t.Mixed;
  readonly value?: unknown;
  readonly keys?: Readonly<Record<string, unknown>>;
  readonly codomain?: t.Mixed;
}

const tagOf = (codec: t.Mixed): string | undefined => (codec as unknown as Tagged)._tag;

/** `optional(x)` is `t.union([x, t.undefined])`: an absent property. */
function withoutUndefined(codec: t.Mixed): { codec: t.Mixed; optional: boolean } {
  const c = codec as unknown as Tagged;
  if (c._tag !== 'UnionType' || !c.types) return { codec, optional: false };
  const rest = c.types.filter((member) => tagOf(member) !== 'UndefinedType');
  if (rest.length === c.types.length) return { codec, optional: false };
  return { codec: rest.length === 1 && rest[0] ? rest[0] : ({ _tag: 'UnionType', name: c.name, types: rest } as unknown as t.Mixed), optional: true };
}

function objectSchema(props: Readonly<Record<string, t.Mixed>>, allOptional: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(props)) {
    const { codec, optional } = withoutUndefined(value);
    properties[key] = toJsonSchema(codec);
    if (!allOptional && !optional) required.push(key);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

export function toJsonSchema(codec: t.Mixed): JsonSchema {
  const c = codec as unknown as Tagged;
  switch (c._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
    case 'AnyType':
      return {};
    case 'UnknownRecordType':
      return { type: 'object' };
    case 'UnknownArrayType':
      return { type: 'array' };
    case 'LiteralType':
      return { const: c.value };
    case 'KeyofType':
      return { enum: Object.keys(c.keys ?? {}) };
    case 'InterfaceType':
      return objectSchema(c.props ?? {}, false);
    case 'PartialType':
      return objectSchema(c.props ?? {}, true);
    case 'ExactType':
    case 'StrictType':
    case 'ReadonlyType':
    case 'RefinementType': // also t.brand: the base type is what travels
      return c.type ? toJsonSchema(c.type) : {};
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: c.type ? toJsonSchema(c.type) : {} };
    case 'DictionaryType':
      return { type: 'object', additionalProperties: c.codomain ? toJsonSchema(c.codomain) : {} };
    case 'IntersectionType':
      return { allOf: (c.types ?? []).map(toJsonSchema) };
    case 'UnionType': {
      const { codec: inner, optional } = withoutUndefined(codec);
      if (optional) return toJsonSchema(inner);
      const members = (c.types ?? []).map(toJsonSchema);
      // A union of literals reads better as one enum.
      if (members.every((m) => 'const' in m)) return { enum: members.map((m) => m.const) };
      return { anyOf: members };
    }
    default:
      return namedCodecs[c.name] ?? { description: `io-ts codec ${c.name}` };
  }
}
