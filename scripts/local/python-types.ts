import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Python client's types (clients/python/src/hiring_integration/types.py), generated from
 * docs/openapi.json by `npm run client:types`, as the TypeScript client's are: one TypedDict per
 * named schema (an inline object gets a name of its own, from where it is), so a field added to the
 * document reaches Python without a hand edit. Written for Python 3.10 with the standard library only:
 * optional keys through a `total=False` base, every TypedDict in the functional form (a field may be
 * any name).
 */
export const PYTHON_TYPES_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'clients',
  'python',
  'src',
  'hiring_integration',
  'types.py',
);

type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  additionalProperties?: boolean | Schema;
};

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

const literal = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : value === null
      ? 'None'
      : typeof value === 'boolean'
        ? value
          ? 'True'
          : 'False'
        : String(value);

export function pythonTypes(): string {
  const document = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
  ) as { components: { schemas: Record<string, Schema> } };
  const definitions: string[] = [];
  const defined = new Set<string>();

  /** The Python type of `schema`, defining a TypedDict named `name` for an object found here. */
  const typeOf = (schema: Schema, name: string): string => {
    if (schema.$ref) return `"${schema.$ref.split('/').at(-1)}"`;
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) {
      const types = [...new Set(branches.map((branch, i) => typeOf(branch, `${name}${i + 1}`)))];
      return types.length === 1 ? (types[0] as string) : `Union[${types.join(', ')}]`;
    }
    if (schema.allOf?.length === 1) return typeOf(schema.allOf[0] as Schema, name);
    if (schema.const !== undefined) return `Literal[${literal(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map(literal).join(', ')}]`;
    const types = [schema.type ?? 'any'].flat();
    if (types.length > 1) {
      const each = types.map((type) => typeOf({ ...schema, type }, name));
      return `Union[${[...new Set(each)].join(', ')}]`;
    }
    switch (types[0]) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `list[${schema.items ? typeOf(schema.items, `${name}Item`) : 'Any'}]`;
      case 'object':
        if (!schema.properties || Object.keys(schema.properties).length === 0)
          return 'dict[str, Any]';
        define(name, schema);
        return `"${name}"`;
      default:
        return 'Any';
    }
  };

  /** A TypedDict for an object schema: required keys, and the others through a total=False base. */
  const define = (name: string, schema: Schema) => {
    if (defined.has(name)) return;
    defined.add(name);
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(
      ([field, inner]) =>
        [field, typeOf(inner, `${name}${pascal(field)}`), required.has(field)] as const,
    );
    const block = (entries: typeof fields) =>
      `{${entries.map(([field, type]) => `${JSON.stringify(field)}: ${type}`).join(', ')}}`;
    const doc = schema.description
      ? `    """${schema.description.replace(/"""/g, "'''")}"""\n`
      : '';
    definitions.push(
      [
        `_${name}Required = TypedDict("_${name}Required", ${block(fields.filter(([, , must]) => must))})`,
        `_${name}Optional = TypedDict("_${name}Optional", ${block(fields.filter(([, , must]) => !must))}, total=False)`,
        '',
        '',
        `class ${name}(_${name}Required, _${name}Optional):`,
        doc || '    pass',
        '',
      ].join('\n'),
    );
  };

  const aliases: string[] = [];
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const type = typeOf(schema, name);
    // An object became its TypedDict; anything else (a union, a list, an enum) is an alias.
    // (A union keeps its names quoted: a forward reference to an alias defined further down.)
    if (type !== `"${name}"`)
      aliases.push(`${name} = ${type.includes('[') ? type : type.replace(/"/g, '')}`);
  }
  return [
    '# Generated from docs/openapi.json by `npm run client:types`. Do not edit.',
    '"""The API\'s answers and bodies as TypedDicts: every schema of the reference, by its name."""',
    '',
    'from __future__ import annotations',
    '',
    'from typing import Any, Literal, TypedDict, Union',
    '',
    '',
    ...definitions,
    '',
    ...aliases,
    '',
  ].join('\n');
}
