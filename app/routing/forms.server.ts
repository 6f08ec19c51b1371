/**
 * THE FORM PIPELINE: every form of the app, declared in its route
 * (`defineRoute({ forms })`), goes through these steps in this order:
 *
 *   read      readFormData: NUL bytes, absurd field names, wrong content type -> 4xx
 *   intent    the `intent` field picks the form (a route with one form needs none)
 *   honeypot  public forms: a filled trap or a forged stamp -> 400
 *   parse     conform + zod, the same schema the browser validates with -> 400 with field errors
 *   limit     the declared rate limit, counted per valid submission -> 429 with Retry-After
 *   handle    the area's work; success is a redirect (with a flash toast), a
 *             refusal a reply with errors under the fields
 *
 * Replies never echo a password (any field whose name says so) or a field the
 * form lists in `hide`. Every reply has the shape `{ intent, result }`, so a
 * page with several forms shows each its own errors.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ZodTypeAny, output } from "zod";
import { isSpam } from "~/auth/honeypot.server";
import { getSessionHeaders } from "~/auth/request-context.server";
import { combineHeaders } from "~/toast/toast.server";
import { readFormData } from "~/platform/http/input-hygiene.server";
import { consume, type RateLimitRule } from "~/platform/rate-limit.server";
import type { Access } from "./access";
import type { RouteContext } from "./route.server";

export const FORM_MESSAGES = {
  spam: "Your submission could not be accepted. Reload the page and try again.",
  unknownForm: "Unknown form",
} as const;

export interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

export interface ReplyOptions {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  status?: number;
  headers?: HeadersInit;
}

export type FormReply = ReturnType<typeof data<FormActionData>>;

export interface FormContext<A extends Access, S extends ZodTypeAny> extends RouteContext<A> {
  intent: string;
  value: output<S>;
  formData: FormData;
  submission: Submission<output<S>>;
  /** A refusal: errors shown with the form (4xx; 400 unless said otherwise), passwords emptied. */
  reply(options: ReplyOptions): FormReply;
}

export interface FormDeclaration<A extends Access = Access, S extends ZodTypeAny = ZodTypeAny> {
  schema: S;
  /** Check the honeypot (default: on for public routes, where anyone may post). */
  honeypot?: boolean;
  /** Counted for every valid submission before `handle` runs. */
  rateLimit?: { rule: RateLimitRule; subject: (context: RouteContext<A>) => string };
  /** Fields never sent back to the browser, beyond any password field. */
  hide?: string[];
  /**
   * An unreadable form (a NUL, absurd field names) counts as an empty one
   * instead of a 400: for the one form that must always work (signing out).
   */
  forgiving?: boolean;
  handle(context: FormContext<A, S>): Promise<Response | FormReply> | Response | FormReply;
}

/** Declares a form with its schema's types flowing into `handle`. */
export function form<A extends Access, S extends ZodTypeAny>(declaration: FormDeclaration<A, S>): FormDeclaration<A, S> {
  return declaration;
}

const isSecretField = (name: string) => /password/i.test(name);

function hiddenFields(declaration: FormDeclaration<Access>, formData: FormData): string[] {
  const names = new Set(declaration.hide ?? []);
  for (const name of formData.keys()) if (isSecretField(name)) names.add(name);
  return [...names];
}

export function formReply(request: Request, intent: string, result: SubmissionResult<string[]>, status: number, headers?: HeadersInit): FormReply {
  // The request's session cookies ride along (server.ts adds them anyway; direct callers need them here).
  return data<FormActionData>({ intent, result }, { status, headers: combineHeaders(getSessionHeaders(request), headers) });
}

/** Runs the pipeline for the form a POST names. */
export async function runForm<A extends Access>(
  access: A,
  forms: Record<string, FormDeclaration<A>>,
  context: RouteContext<A>,
): Promise<Response | FormReply> {
  const all = Object.values(forms);
  const formData = await readFormData(context.request).catch((refusal: unknown) => {
    if (all.length > 0 && all.every((f) => f.forgiving)) return new FormData();
    throw refusal;
  });
  const names = Object.keys(forms);
  const named = formData.get("intent");
  // Own keys only: "toString" or "__proto__" must not pick a form off Object.prototype.
  const intent = typeof named === "string" && Object.hasOwn(forms, named) ? named : names.length === 1 && named === null ? names[0]! : null;
  if (!intent) throw data({ message: FORM_MESSAGES.unknownForm }, { status: 400 });
  const declaration = forms[intent]!;
  const hide = hiddenFields(declaration as FormDeclaration<Access>, formData);

  // Public forms are open to anyone, bots included; forms behind a guard are not.
  const checkHoneypot = declaration.honeypot ?? (access === "public" || access === "public-viewer");
  if (checkHoneypot && isSpam(formData)) {
    return formReply(context.request, intent, { status: "error", error: { "": [FORM_MESSAGES.spam] } }, 400);
  }

  const submission = parseWithZod(formData, { schema: declaration.schema });
  if (submission.status !== "success") return formReply(context.request, intent, submission.reply({ hideFields: hide }), 400);

  const reply = ({ formErrors, fieldErrors, status = 400, headers }: ReplyOptions) =>
    formReply(context.request, intent, submission.reply({ formErrors, fieldErrors, hideFields: hide }), status, headers);

  if (declaration.rateLimit) {
    const limited = await consume(context.db, declaration.rateLimit.rule, declaration.rateLimit.subject(context));
    if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });
  }

  return declaration.handle({ ...context, intent, value: submission.value, formData, submission, reply });
}
