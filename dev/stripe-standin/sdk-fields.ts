/**
 * Which fields the pinned `stripe` SDK's type definitions declare as always present (not optional) on
 * each object, read with the TypeScript compiler from node_modules/stripe. The shape test checks every
 * object the stand-in answers against them, down through nested objects and arrays.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** A declared shape: each always-present field, with the shape of its object (or array element) value when it has one. */
export interface Fields {
  [field: string]: Fields | null;
}

const VIRTUAL = fileURLToPath(new URL("./__sdk_types__.ts", import.meta.url));

/** The declared shapes of `Stripe.<name>` for each name (e.g. "SubscriptionSchedule", "Checkout.Session"). */
export function sdkFields(names: string[]): Record<string, Fields> {
  const source = `import type Stripe from "stripe";\n${names.map((n, i) => `export type T${i} = Stripe.${n};`).join("\n")}\n`;
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang) => (file === VIRTUAL ? ts.createSourceFile(file, source, lang) : getSourceFile(file, lang));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === VIRTUAL || fileExists(file);
  const program = ts.createProgram([VIRTUAL], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(VIRTUAL)!;
  const result: Record<string, Fields> = {};
  for (const statement of file.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const index = Number(statement.name.text.slice(1));
    result[names[index]!] = shapeOf(checker, checker.getTypeAtLocation(statement.name), 0) ?? {};
  }
  return result;
}

/** The single object type behind `T`, `T | null` or `Array<T>`; undefined for primitives, unions of several objects, maps. */
function objectBehind(checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined {
  const members = type.isUnion() ? type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))) : [type];
  if (members.length !== 1) return undefined;
  const [t] = members as [ts.Type];
  if (checker.isArrayType(t)) return objectBehind(checker, checker.getTypeArguments(t as ts.TypeReference)[0]!);
  if (!(t.flags & ts.TypeFlags.Object) || checker.getIndexInfosOfType(t).length > 0) return undefined;
  return t;
}

function shapeOf(checker: ts.TypeChecker, type: ts.Type, depth: number): Fields | null {
  const object = objectBehind(checker, type);
  if (!object || depth > 6) return null;
  const fields: Fields = {};
  for (const prop of checker.getPropertiesOfType(object)) {
    if (prop.flags & ts.SymbolFlags.Optional || prop.name === "lastResponse") continue;
    if (prop.name === "metadata") {
      fields[prop.name] = null;
      continue;
    }
    const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
    fields[prop.name] = declaration ? shapeOf(checker, checker.getTypeOfSymbolAtLocation(prop, declaration), depth + 1) : null;
  }
  return fields;
}

/** Fields the declared shape has that `actual` lacks, as paths (`phases[].items[].plan`). */
export function missingFields(actual: unknown, fields: Fields, path = ""): string[] {
  if (actual === null || typeof actual !== "object") return [];
  if (Array.isArray(actual)) return actual.flatMap((item) => missingFields(item, fields, `${path}[]`));
  const obj = actual as Record<string, unknown>;
  return Object.entries(fields).flatMap(([key, nested]) => {
    const sub = path ? `${path}.${key}` : key;
    if (!(key in obj)) return [`${sub}: missing`];
    return nested ? missingFields(obj[key], nested, sub) : [];
  });
}
