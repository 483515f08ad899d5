import fc from 'fast-check';

/**
 * The part of JSON Schema the OpenAPI document of the app uses (what zod's schemas become):
 * enough to draw values that follow a schema, to tell whether a value follows it, and to break
 * exactly one of its rules.
 */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
};

/** Where a value came from: a JSON body keeps types, a query string or a path makes every value text. */
export type Carrier = 'json' | 'text';

/** Texts that have broken parsers, databases and renderers before: each goes wherever a string may. */
export const HOSTILE_TEXTS = [
  "' OR '1'='1",
  "'; drop table orders; --",
  '"); select pg_sleep(0); --',
  '\\',
  '%s%n%x',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[2J\u007f',
  '\r\n\r\nX-Injected: 1',
  '\u202e\u2066evil\u2069',
  '\ufeff\u200b\u200d',
  '\ud800',
  '\udfff\ud800',
  'e\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇l͖͎g̞̥͈o̸',
  '𝕬𝖇𝖈 🎟️👩‍👩‍👧 中文 қазақ',
  'ＡＢＣ０１２',
  '٣٤٥',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  ' 1 ',
  '',
  ' ',
  '__proto__',
  'constructor',
  'null',
  'true',
  '[]',
  '{}',
  '9'.repeat(40),
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
);

/** Numbers at the edges: PostgreSQL's integer limits, JavaScript's, and the odd ones. */
export const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e300,
  -1e300,
  5e-324,
  1e-7,
];

/** A value of any JSON type, nested up to 40 levels deep now and then. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 5, max: 40 }).map((depth) => nest(depth, 'x')) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: hostileText },
);

function nest(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

function typesOf(schema: Schema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (schema.nullable) types.push('null');
  return types;
}

const branches = (schema: Schema) => schema.anyOf ?? schema.oneOf;

function patternOf(schema: Schema): RegExp | undefined {
  if (!schema.pattern) return undefined;
  try {
    return new RegExp(schema.pattern, 'u');
  } catch {
    return new RegExp(schema.pattern);
  }
}

function lowerBound(schema: Schema): { value: number; exclusive: boolean } | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, exclusive: true };
  if (schema.minimum === undefined) return undefined;
  return { value: schema.minimum, exclusive: schema.exclusiveMinimum === true };
}

function upperBound(schema: Schema): { value: number; exclusive: boolean } | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, exclusive: true };
  if (schema.maximum === undefined) return undefined;
  return { value: schema.maximum, exclusive: schema.exclusiveMaximum === true };
}

/**
 * Whether a value may follow the schema. Generous where it cannot tell (a format, a regular
 * expression it cannot compile): a case counts as breaking a rule only when it surely does.
 * Text carriers hold strings that the route coerces to numbers, as z.coerce does.
 */
export function conforms(schema: Schema, value: unknown, carrier: Carrier = 'json'): boolean {
  if (value === undefined) return true;
  const alternatives = branches(schema);
  if (alternatives && !alternatives.some((branch) => conforms(branch, value, carrier))) return false;
  if (schema.allOf && !schema.allOf.every((part) => conforms(part, value, carrier))) return false;
  if (schema.enum && !schema.enum.some((allowed) => allowed === value || (carrier === 'text' && String(allowed) === value))) return false;
  const types = typesOf(schema);
  if (!types) return true;
  return types.some((type) => conformsAs(type, schema, value, carrier));
}

function conformsAs(type: string, schema: Schema, value: unknown, carrier: Carrier): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean' || (carrier === 'text' && typeof value === 'string');
    case 'integer':
    case 'number': {
      const number = carrier === 'text' && typeof value === 'string' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return false;
      if (type === 'integer' && !Number.isInteger(number)) return false;
      const low = lowerBound(schema);
      if (low && (low.exclusive ? number <= low.value : number < low.value)) return false;
      const high = upperBound(schema);
      if (high && (high.exclusive ? number >= high.value : number > high.value)) return false;
      return true;
    }
    case 'string': {
      if (typeof value !== 'string') return false;
      const length = [...value].length;
      if (schema.minLength !== undefined && length < schema.minLength && value.length < schema.minLength) return false;
      if (schema.maxLength !== undefined && length > schema.maxLength && value.length > schema.maxLength) return false;
      const pattern = patternOf(schema);
      return !pattern || pattern.test(value);
    }
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (schema.minItems !== undefined && value.length < schema.minItems) return false;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
      const items = schema.items;
      return !items || value.every((item) => conforms(items, item, carrier));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (record[key] === undefined) return false;
      for (const [key, item] of Object.entries(record)) {
        const property = schema.properties?.[key];
        if (property) {
          if (!conforms(property, item, carrier)) return false;
        } else if (schema.additionalProperties === false) {
          return false;
        } else if (typeof schema.additionalProperties === 'object' && !conforms(schema.additionalProperties, item, carrier)) {
          return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

/** A text repeated up to `min` characters or cut to `max` (a character class's strings still match). */
function withinLength(text: string, min: number, max: number): string {
  if (text.length === 0 || (text.length >= min && text.length <= max)) return text;
  if (text.length > max) return text.slice(0, max);
  return text.repeat(Math.ceil(min / text.length)).slice(0, max);
}

/** Dates and instants around now, written as the routes read them. */
const isoDate = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });

/**
 * Values that follow the schema, strings as hostile as the schema lets them be. `known` are
 * texts of the data at hand (event and order hashes, promo codes), drawn now and then so that a
 * case reaches past "not found" into the rules.
 */
export function valueOf(schema: Schema, known: readonly string[] = [], depth = 0): fc.Arbitrary<unknown> {
  const alternatives = branches(schema);
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((branch) => valueOf({ ...branch, ...(schema.nullable ? { nullable: true } : {}) }, known, depth)));
  if (schema.allOf?.length) return valueOf(Object.assign({}, ...schema.allOf) as Schema, known, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (!types) return depth > 2 ? fc.constant('x') : anyJson;
  return fc.oneof(...types.map((type) => valueAs(type, schema, known, depth)));
}

function valueAs(type: string, schema: Schema, known: readonly string[], depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const low = lowerBound(schema);
      const high = upperBound(schema);
      const min = low ? (low.exclusive ? Math.floor(low.value) + 1 : Math.ceil(low.value)) : -2_147_483_648;
      const max = high ? (high.exclusive ? Math.ceil(high.value) - 1 : Math.floor(high.value)) : 2_147_483_647;
      const bounded = (n: number) => n >= min && n <= max;
      const edges = EDGE_NUMBERS.filter((n) => Number.isInteger(n) && bounded(n));
      return fc.oneof(
        fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }),
        fc.constantFrom(...new Set([Math.max(min, Number.MIN_SAFE_INTEGER), Math.min(max, Number.MAX_SAFE_INTEGER), ...edges])),
      );
    }
    case 'string': {
      if (schema.format === 'date') return isoDate.map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return isoDate.map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? 200;
      const fits = (s: string) => conformsAs('string', schema, s, 'json');
      const pattern = patternOf(schema);
      const drawn: fc.Arbitrary<string>[] = [];
      if (pattern) {
        const matching = stringsMatching(pattern);
        // A pattern's strings come short; bounds like a token's 20 to 64 characters would reject
        // nearly all of them, and a filter that never passes never ends: repeat or cut them first.
        if (matching) drawn.push(matching.map((text) => withinLength(text, minLength, maxLength)).filter(fits));
      } else {
        drawn.push(
          hostileText.filter(fits),
          fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, minLength + 40) }).filter(fits),
        );
        if (maxLength >= 1000) drawn.push(fc.constant('ж'.repeat(Math.min(maxLength, 20_000))).filter(fits));
      }
      const knownFits = known.filter(fits);
      if (knownFits.length) drawn.push(fc.constantFrom(...knownFits));
      const fallback = fc.constant('x'.repeat(Math.max(1, minLength)));
      return drawn.length ? fc.oneof(...drawn) : fallback;
    }
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, minLength + 3);
      return fc.array(valueOf(items, known, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = valueOf(property, known, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) });
    }
    default:
      return anyJson;
  }
}

/**
 * Strings of a regular expression; fast-check has no lookaheads, so a pattern with them draws from
 * the pattern without its lookaheads, kept where the whole pattern matches.
 */
function stringsMatching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  for (const source of [pattern.source, pattern.source.replace(/\(\?<?[=!][^()]*\)/g, '')]) {
    try {
      return fc.stringMatching(new RegExp(source, pattern.flags)).filter((s) => pattern.test(s));
    } catch {
      // The next, simpler source.
    }
  }
  return undefined;
}

/** One rule of a schema broken at one place of a value. */
export type Breakage = { path: (string | number)[]; rule: string; value: unknown; remove?: boolean };

/** A value of another JSON type than every type the schema allows (a text carrier: text that is no number). */
function wrongTypes(schema: Schema, carrier: Carrier): fc.Arbitrary<unknown>[] {
  const types = typesOf(schema);
  if (!types) return [];
  if (carrier === 'text') {
    return types.some((type) => type === 'integer' || type === 'number') && !types.includes('string')
      ? [fc.constantFrom('abc', '1e400', 'NaN', '١٢', '1,5', '--1', 'Infinity', '0x')]
      : [];
  }
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: hostileText,
    number: fc.constantFrom(...EDGE_NUMBERS),
    integer: fc.constantFrom(0.5, 1e300, -1e-7),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(anyJson, { maxLength: 3 }),
    object: fc.oneof(
      fc.dictionary(hostileText, anyJson, { maxKeys: 3 }),
      fc.integer({ min: 20, max: 60 }).map((depth) => nest(depth, 1)),
    ),
  };
  const allowsNumber = types.includes('number');
  return Object.entries(all)
    .filter(
      ([type]) =>
        !types.includes(type) &&
        !(type === 'integer' && (!types.includes('integer') || allowsNumber)) &&
        !(type === 'number' && types.includes('integer')),
    )
    .map(([, arbitrary]) => arbitrary)
    .concat(types.includes('integer') && !allowsNumber ? [all.integer as fc.Arbitrary<unknown>] : []);
}

/** Every way to break one rule of the schema at this node, as arbitraries of the breaking value. */
function breakersAt(schema: Schema, carrier: Carrier): { rule: string; value: fc.Arbitrary<unknown> }[] {
  const found: { rule: string; value: fc.Arbitrary<unknown> }[] = [];
  const types = typesOf(schema) ?? [];
  for (const value of wrongTypes(schema, carrier)) found.push({ rule: 'type', value });
  const asText = (arbitrary: fc.Arbitrary<unknown>) => (carrier === 'text' ? arbitrary.map(String) : arbitrary);
  if (types.includes('integer') || types.includes('number')) {
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low)
      found.push({
        rule: 'minimum',
        value: asText(fc.constantFrom(low.value - 1, low.value - 0.5, low.exclusive ? low.value : low.value - 1, -2_147_483_649, -1e300)),
      });
    if (high)
      found.push({
        rule: 'maximum',
        value: asText(
          fc.constantFrom(high.value + 1, high.exclusive ? high.value : high.value + 1, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e300),
        ),
      });
  }
  if (types.includes('string')) {
    if (schema.maxLength !== undefined)
      found.push({
        rule: 'maxLength',
        value: fc.integer({ min: schema.maxLength + 1, max: schema.maxLength + 5000 }).map((n) => 'я'.repeat(n)),
      });
    if (schema.minLength) found.push({ rule: 'minLength', value: fc.constant('') });
    if (schema.pattern) found.push({ rule: 'pattern', value: hostileText });
  }
  if (schema.enum?.length)
    found.push({ rule: 'enum', value: carrier === 'text' ? hostileText : fc.oneof(hostileText, fc.constantFrom(...EDGE_NUMBERS)) });
  if (types.includes('array')) {
    if (schema.maxItems !== undefined)
      found.push({ rule: 'maxItems', value: fc.constant(Array.from({ length: schema.maxItems + 1 }, () => ({}))) });
  }
  return found;
}

/**
 * Breaks one rule of the schema somewhere in a value that follows it: a wrong type, a number
 * out of range, a text too long or not of its pattern, a value outside its list, a required
 * field missing, a field the schema does not allow. The result is checked against the schema
 * by the caller, so a break another branch of an anyOf still accepts is never counted as one.
 */
export function breakOne(schema: Schema, value: unknown, carrier: Carrier): fc.Arbitrary<Breakage> | undefined {
  const options: fc.Arbitrary<Breakage>[] = [];
  collect(schema, value, [], carrier, options, 0);
  return options.length ? fc.oneof(...options) : undefined;
}

function collect(
  schema: Schema,
  value: unknown,
  path: (string | number)[],
  carrier: Carrier,
  into: fc.Arbitrary<Breakage>[],
  depth: number,
) {
  if (depth > 8) return;
  for (const breaker of breakersAt(schema, carrier))
    into.push(breaker.value.map((broken) => ({ path, rule: breaker.rule, value: broken })));
  const alternatives = branches(schema);
  if (alternatives) {
    for (const branch of alternatives) if (conforms(branch, value, carrier)) collect(branch, value, path, carrier, into, depth + 1);
    return;
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => collect(schema.items as Schema, item, [...path, index], carrier, into, depth + 1));
  } else if (typeof value === 'object' && value !== null && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      into.push(fc.constant({ path: [...path, key], rule: 'required', value: undefined, remove: true }));
    if (schema.additionalProperties === false)
      into.push(
        fc
          .tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', '$where'), anyJson)
          .map(([key, extra]) => ({ path: [...path, key], rule: 'additionalProperties', value: extra })),
      );
    for (const [key, property] of Object.entries(schema.properties)) {
      if (record[key] !== undefined) collect(property, record[key], [...path, key], carrier, into, depth + 1);
    }
  }
}

/** The value with the breakage applied (a copy). */
export function applyBreakage(value: unknown, breakage: Breakage): unknown {
  return setAt(value, breakage.path, breakage.value, breakage.remove === true);
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, replacement, remove) : item));
  if (remove && rest.length === 0)
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([key]) => key !== String(head)));
  const record = { ...(value as Record<string, unknown>) };
  // defineProperty: a key named __proto__ becomes a field of the body, not the copy's prototype.
  Object.defineProperty(record, head, {
    value: setAt(record[head], rest, replacement, remove),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return record;
}
