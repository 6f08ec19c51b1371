/**
 * Generated form submissions for the form fuzzer
 * (tests/integration/fuzz-forms.test.ts), with fast-check.
 *
 * A form's fields are what its zod schema knows (read from the declaration's
 * schema, through effects, optionals, defaults, pipelines and unions) and what
 * the page renders for it (input/select/textarea names of the <form>s whose
 * intent it is, with their values: the ids of real rows, the honeypot). A
 * submission is a PLAN (which page form to start from, and for each field:
 * keep, a valid-looking value, a hostile one, several, or none; extra
 * fields; the intent; the encoding) materialised against the page as it is
 * at the time, since earlier submissions change what the page offers.
 */
import fc from "fast-check";
import { Window } from "happy-dom";
import type { ZodTypeAny } from "zod";
import { wavFile } from "./audio-files";

// ---------------------------------------------------------------------------
// What a zod schema knows

export interface FieldSpec {
  name: string;
  /** Valid-looking values (strings as a form sends them); uuids come from the page. */
  enumValues?: string[];
  literal?: string;
  number?: { min: number; max: number; int: boolean };
  uuid?: boolean;
  maxLength?: number;
  minLength?: number;
  file?: boolean;
  boolean?: boolean;
  array?: boolean;
}

type AnyDef = { typeName?: string; [key: string]: unknown };

function defOf(schema: ZodTypeAny): AnyDef {
  return schema._def as AnyDef;
}

/** The schema under wrappers that do not change which fields a form has. */
function unwrap(schema: ZodTypeAny): ZodTypeAny {
  for (let i = 0; i < 20; i++) {
    const def = defOf(schema);
    switch (def.typeName) {
      case "ZodEffects":
        schema = def.schema as ZodTypeAny;
        continue;
      case "ZodOptional":
      case "ZodNullable":
      case "ZodDefault":
      case "ZodCatch":
      case "ZodReadonly":
        schema = def.innerType as ZodTypeAny;
        continue;
      case "ZodBranded":
        schema = def.type as ZodTypeAny;
        continue;
      case "ZodPipeline":
        schema = def.in as ZodTypeAny;
        continue;
      case "ZodLazy":
        schema = (def.getter as () => ZodTypeAny)();
        continue;
      default:
        return schema;
    }
  }
  return schema;
}

function leafSpec(name: string, schema: ZodTypeAny): FieldSpec {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const spec: FieldSpec = { name };
  switch (def.typeName) {
    case "ZodEnum":
      spec.enumValues = [...(def.values as string[])];
      break;
    case "ZodNativeEnum":
      spec.enumValues = Object.values(def.values as Record<string, string>).map(String);
      break;
    case "ZodLiteral":
      spec.literal = String(def.value);
      break;
    case "ZodBoolean":
      spec.boolean = true;
      break;
    case "ZodNumber": {
      const checks = (def.checks as { kind: string; value?: number }[]) ?? [];
      const min = checks.find((c) => c.kind === "min")?.value ?? 0;
      const max = checks.find((c) => c.kind === "max")?.value ?? Math.max(min + 100, 100);
      spec.number = { min, max, int: checks.some((c) => c.kind === "int") };
      break;
    }
    case "ZodString": {
      const checks = (def.checks as { kind: string; value?: number }[]) ?? [];
      spec.uuid = checks.some((c) => c.kind === "uuid");
      spec.maxLength = checks.find((c) => c.kind === "max")?.value;
      spec.minLength = checks.find((c) => c.kind === "min")?.value;
      break;
    }
    case "ZodAny":
    case "ZodUnknown":
      // The app's file fields are z.any() refined to "a File".
      spec.file = true;
      break;
  }
  return spec;
}

/** The field names (conform's paths: `a`, `a[0].b`) and what each expects, from a form's schema. */
export function schemaFields(schema: ZodTypeAny): FieldSpec[] {
  const fields = new Map<string, FieldSpec>();
  const visit = (node: ZodTypeAny, prefix: string, depth: number) => {
    if (depth > 4) return;
    const inner = unwrap(node);
    const def = defOf(inner);
    if (def.typeName === "ZodObject") {
      const shape = (def.shape as () => Record<string, ZodTypeAny>)();
      for (const [key, value] of Object.entries(shape)) visit(value, prefix ? `${prefix}.${key}` : key, depth + 1);
    } else if (def.typeName === "ZodUnion" || def.typeName === "ZodDiscriminatedUnion") {
      const options = def.options instanceof Map ? [...(def.options as Map<unknown, ZodTypeAny>).values()] : (def.options as ZodTypeAny[]);
      for (const option of options) visit(option, prefix, depth + 1);
    } else if (def.typeName === "ZodIntersection") {
      visit(def.left as ZodTypeAny, prefix, depth + 1);
      visit(def.right as ZodTypeAny, prefix, depth + 1);
    } else if (def.typeName === "ZodArray") {
      const element = unwrap(def.type as ZodTypeAny);
      if (defOf(element).typeName === "ZodObject") {
        for (const index of [0, 1]) visit(element, `${prefix}[${index}]`, depth + 1);
      } else if (prefix) {
        fields.set(prefix, { ...leafSpec(prefix, element), array: true });
      }
    } else if (prefix) {
      const existing = fields.get(prefix);
      const spec = leafSpec(prefix, inner);
      // A union of objects may give one name several literals (an intent): keep them all.
      if (existing?.literal !== undefined && spec.literal !== undefined && existing.literal !== spec.literal) {
        fields.set(prefix, { name: prefix, enumValues: [existing.literal, spec.literal] });
      } else if (!existing) fields.set(prefix, spec);
    }
  };
  visit(schema, "", 0);
  return [...fields.values()];
}

// ---------------------------------------------------------------------------
// What a page renders

export interface PageForm {
  /** The form's action, resolved to a path ("" when it posts to the page itself). */
  action: string;
  /** The intent its submit button or hidden field names (null: none). */
  intents: string[];
  multipart: boolean;
  /** Fields with the values the page put in them (checkboxes checked, selects' selected option). */
  fields: [string, string][];
  /** Every name a control of the form carries, with every value it offers (select options, radios). */
  options: Map<string, string[]>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The POST forms of a page, read with happy-dom (scripts are not run). */
export function pageForms(html: string, pagePath: string): { forms: PageForm[]; uuids: string[] } {
  const window = new Window({ url: `http://hitfactory.test${pagePath}`, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  try {
    const document = window.document;
    document.write(html);
    const forms: PageForm[] = [];
    for (const form of document.querySelectorAll("form")) {
      if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post") continue;
      const rawAction = form.getAttribute("action");
      const action = rawAction ? new URL(rawAction, `http://hitfactory.test${pagePath}`).pathname : "";
      const fields: [string, string][] = [];
      const options = new Map<string, string[]>();
      const offer = (name: string, value: string) => {
        const list = options.get(name) ?? [];
        if (!list.includes(value)) list.push(value);
        options.set(name, list);
      };
      const intents: string[] = [];
      // Controls inside the form and those outside that name it with form="id".
      const id = form.getAttribute("id");
      const controls = [...form.querySelectorAll("input, select, textarea, button"), ...(id ? [...document.querySelectorAll(`[form="${id}"]`)] : [])];
      for (const control of controls) {
        const name = control.getAttribute("name");
        if (!name) continue;
        const tag = control.tagName.toLowerCase();
        const type = (control.getAttribute("type") ?? (tag === "button" ? "submit" : "text")).toLowerCase();
        if (tag === "button" || type === "submit") {
          const value = control.getAttribute("value") ?? "";
          if (name === "intent") intents.push(value);
          else offer(name, value);
          continue;
        }
        if (tag === "select") {
          const values = [...control.querySelectorAll("option")].map((o) => o.getAttribute("value") ?? o.textContent ?? "");
          for (const v of values) offer(name, v);
          const selected = control.querySelector("option[selected]") ?? control.querySelector("option");
          if (selected) fields.push([name, selected.getAttribute("value") ?? selected.textContent ?? ""]);
          continue;
        }
        if (tag === "textarea") {
          fields.push([name, control.textContent ?? ""]);
          continue;
        }
        const value = control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : "");
        if (type === "file") {
          offer(name, "");
          continue;
        }
        offer(name, value);
        if (type === "checkbox" || type === "radio") {
          if (control.hasAttribute("checked")) fields.push([name, value]);
          continue;
        }
        if (name === "intent") intents.push(value);
        fields.push([name, value]);
      }
      forms.push({ action, intents: [...new Set(intents)], multipart: (form.getAttribute("enctype") ?? "").includes("multipart"), fields, options });
    }
    const uuids = [...new Set((html.match(UUID) ?? []).map((u) => u.toLowerCase()))];
    return { forms, uuids };
  } finally {
    void window.happyDOM.close();
  }
}

// ---------------------------------------------------------------------------
// Hostile and valid-looking values

/** Payloads each sanitiser and each column must survive. */
export const HOSTILE_STRINGS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<b>bold</b> text",
  "</textarea><script>alert(1)</script>",
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<svg/onload=alert(1)>",
  "<!-- comment --><a href='javascript:alert(1)'>x</a>",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "\uFF1Cscript\uFF1E",
  "a < b > c",
  "<",
  "< b",
  "\u202Egnp.exe\u202C",
  "\u2066isolate\u2069\u200F\u200E",
  "\u200B\u200C\u200D\uFEFF",
  "\u0001\u0002\u0007\u0008\u000B\u000C\u000E\u001F\u007F",
  "\u001b[31mred\u001b[0m",
  "line\r\nline\rline\n",
  "\t \u00A0 \u3000",
  "\uD83C\uDFB5 \uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67 e\u0301 \u0645\u0631\u062D\u0628\u0627 \u05E9\u05DC\u05D5\u05DD",
  "\uD800",
  "\uDFFF x",
  "'; drop table profiles; --",
  "' or '1'='1",
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "toString",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "../../../../etc/passwd",
  "%00",
  "\\",
  "",
  " ",
  "a\u0000b",
];

export const HOSTILE_NUMBERS = ["-1", "0", "-0", "1.5", "1e309", "-1e309", "NaN", "Infinity", "9007199254740993", "99999999999999999999", "0x10", " 42 ", "1,000", "+5", "2147483648"];
export const HOSTILE_DATES = ["2026-02-30", "0000-00-00", "9999-12-31", "2026-13-01", "2026-01-01T25:61", "1970-01-01T00:00:00Z", "-001000-01-01"];
export const HOSTILE_IDS = ["00000000-0000-0000-0000-000000000000", "00000000-0000-4000-8000-000000000000", "not-a-uuid", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "1"];
/** Names no form declares: paths, prototype keys, conform syntax, numbered lists. */
export const EXTRA_NAMES = ["__proto__", "constructor", "prototype", "toString", "a.b.c", "x[0]", "x[999]", "role", "isAdmin", "is_admin", "userId", "id", "status", "<b>", "\u202Ename", "intent2", "password", "redirectTo", "name__confirm", "from__confirm"];

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_DATES, ...HOSTILE_IDS), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.tuple(fc.lorem({ maxCount: 3 }), fc.constantFrom(...HOSTILE_STRINGS), fc.lorem({ maxCount: 3 })).map((parts) => parts.join(" ")), weight: 3 },
  { arbitrary: fc.constantFrom(101, 121, 201, 301, 501, 1001, 2001, 4001, 20_000).chain((n) => fc.constantFrom("x", "<b>", "\u00e9", "\uD83C\uDFB5").map((unit) => unit.repeat(n))), weight: 2 },
);

/** A file part: random bytes, a markup name, a real WAV with a markup title. */
export type FilePart = { file: true; name: string; type: string; bytes: Uint8Array };

let validWav: Uint8Array | undefined;
let taggedWav: Uint8Array | undefined;
const tinyPng = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

const fileArbitrary: fc.Arbitrary<FilePart> = fc.oneof(
  fc.record({ file: fc.constant(true as const), name: fc.constantFrom("song.mp3", "<img src=x onerror=alert(1)>.wav", "\u202Eevil.wav", "a.png", ""), type: fc.constantFrom("audio/mpeg", "audio/wav", "image/png", "text/html", "application/octet-stream", ""), bytes: fc.uint8Array({ maxLength: 512 }) }),
  fc.constantFrom("song.wav", "<b>Title</b>.wav").map((name) => ({ file: true as const, name, type: "audio/wav", bytes: (validWav ??= wavFile({ seconds: 0.5, sampleRate: 8000 })) })),
  fc.constant({ file: true as const, name: "tagged.wav", type: "audio/wav", bytes: (taggedWav ??= wavFile({ seconds: 0.5, sampleRate: 8000, title: "<script>alert(1)</script>Tagged" })) }),
  fc.constant({ file: true as const, name: "avatar.png", type: "image/png", bytes: tinyPng }),
);

export type FieldValue = string | FilePart;

type Choice =
  | { kind: "keep" }
  | { kind: "valid"; pick: number }
  | { kind: "hostile"; value: string }
  | { kind: "omit" }
  | { kind: "many"; values: string[] }
  | { kind: "file"; file: FilePart };

export interface Plan {
  base: number;
  choices: Record<string, Choice>;
  extra: [string, string][];
  intent: { kind: "right" } | { kind: "other"; pick: number } | { kind: "hostile"; value: string } | { kind: "none" };
  honeypot: "fresh" | "filled" | "forged" | "none";
  multipart: boolean;
  persona: number;
}

export function planArbitrary(fieldNames: string[], files: Set<string>): fc.Arbitrary<Plan> {
  const choice = (name: string): fc.Arbitrary<Choice> =>
    fc.oneof(
      { arbitrary: fc.constant({ kind: "keep" as const }), weight: 4 },
      { arbitrary: fc.nat().map((pick) => ({ kind: "valid" as const, pick })), weight: 4 },
      { arbitrary: hostileString.map((value) => ({ kind: "hostile" as const, value })), weight: 4 },
      { arbitrary: fc.constant({ kind: "omit" as const }), weight: 1 },
      { arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }).map((values) => ({ kind: "many" as const, values })), weight: 1 },
      { arbitrary: fileArbitrary.map((file) => ({ kind: "file" as const, file })), weight: files.has(name) ? 5 : 0 },
    );
  const choices = fc.record(Object.fromEntries(fieldNames.map((name) => [name, choice(name)])) as Record<string, fc.Arbitrary<Choice>>);
  return fc.record({
    base: fc.nat(),
    choices,
    extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_NAMES), fc.string({ unit: "binary", minLength: 1, maxLength: 12 })), hostileString), { maxLength: 3 }),
    intent: fc.oneof(
      { arbitrary: fc.constant({ kind: "right" as const }), weight: 12 },
      { arbitrary: fc.nat().map((pick) => ({ kind: "other" as const, pick })), weight: 1 },
      { arbitrary: hostileString.map((value) => ({ kind: "hostile" as const, value })), weight: 1 },
      { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
    ),
    honeypot: fc.constantFrom("fresh", "fresh", "fresh", "fresh", "fresh", "fresh", "filled", "forged", "none"),
    multipart: fc.boolean(),
    persona: fc.nat(),
  });
}

/** A value a browser could send for this field that the schema may accept. */
export function validValues(spec: FieldSpec | undefined, offered: string[], uuids: string[], wanted: { password?: string }): string[] {
  const values = [...offered];
  if (!spec) return values.length > 0 ? values : ["Fuzzed value"];
  if (/password/i.test(spec.name)) return wanted.password ? [wanted.password] : values;
  if (spec.literal !== undefined) values.push(spec.literal);
  if (spec.enumValues) values.push(...spec.enumValues);
  if (spec.boolean) values.push("on", "true");
  if (spec.number) {
    const { min, max } = spec.number;
    values.push(String(min), String(max), String(Math.round((min + max) / 2)));
  }
  if (spec.uuid) values.push(...uuids);
  if (!spec.enumValues && spec.literal === undefined && !spec.number && !spec.uuid && !spec.boolean && !spec.file) {
    const plain = ["Midnight Rain Demo", "A song about the sea", "Berlin", "Maya Collins", "Pop", "member@example.com", "2026-06-01", "2026-06-01T10:00", "+14155550123", "Europe/Berlin", "120"];
    const fit = plain.filter((v) => v.length <= (spec.maxLength ?? Infinity) && v.length >= (spec.minLength ?? 0));
    values.push(...fit);
  }
  return values.length > 0 ? values : [""];
}
