/**
 * The credit rows of a song as forms send them (`credits[i].name`, `.memberId`,
 * `.role`, `.split`), one schema for every form that edits credits: a member's
 * song submission (app/submissions) and the admins' catalogue editor
 * (app/admin/catalog-schema.ts). A row left entirely blank is ignored; errors
 * keep the row's index as the person sees it (a blank row before a filled one
 * does not shift them); the splits must add up to exactly 100, summed in
 * hundredths (33.33 + 33.33 + 33.34 passes, 99.99 does not). The database
 * checks the sum again at commit. Text is checked against its limit as typed,
 * then sanitised (SPEC section 5). Browser-safe.
 */
import { z } from "zod";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { CREDIT_ROLES, type Credit, type CreditRole } from "./types";

export interface CreditRowMessages {
  creditsRequired: string;
  tooManyCredits: string;
  creditNameRequired: string;
  creditRoleRequired: string;
  creditSplitRequired: string;
  creditSplit: string;
  creditMember: string;
  splitsSum: (total: string) => string;
  /** Given: the same name (or member) twice in the same role is refused with this message. */
  duplicate?: string;
}

export interface CreditRowsOptions {
  /** The label of the name field, for '{label} must be no more than {max} characters'. */
  nameLabel: string;
  nameMax: number;
  maxRows: number;
  messages: CreditRowMessages;
}

/** Splits summed in hundredths: "33.33" + "33.33" + "33.34" is exactly 100. */
export function splitsTotalHundredths(splits: readonly number[]): number {
  return splits.reduce((sum, split) => sum + Math.round(split * 100), 0);
}

export function creditRowsSchema({ nameLabel, nameMax, maxRows, messages: E }: CreditRowsOptions) {
  const creditRow = z
    .object({
      name: z.string().trim().max(nameMax, lengthMessage(nameLabel, nameMax)).transform((value) => sanitizeText(value, nameMax)).optional(),
      memberId: z.string().uuid(E.creditMember).optional(),
      role: z.enum(CREDIT_ROLES as unknown as [CreditRole, ...CreditRole[]], { message: E.creditRoleRequired }).optional(),
      split: z
        .number({ invalid_type_error: E.creditSplit })
        .min(0, E.creditSplit)
        .max(100, E.creditSplit)
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, E.creditSplit)
        .optional(),
    })
    .optional();
  type CreditRow = z.output<typeof creditRow>;
  const isBlank = (row: CreditRow) => !row || (!row.name && !row.memberId && !row.role && row.split === undefined);

  return z
    .array(creditRow, { invalid_type_error: E.creditsRequired })
    .max(maxRows, E.tooManyCredits)
    .optional()
    .superRefine((rows, ctx) => {
      const filled = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));
      if (filled.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.creditsRequired });
        return;
      }
      let complete = true;
      for (const { row, index } of filled) {
        if (!row!.name) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.creditNameRequired });
          complete = false;
        }
        if (!row!.role) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "role"], message: E.creditRoleRequired });
          complete = false;
        }
        if (row!.split === undefined) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "split"], message: E.creditSplitRequired });
          complete = false;
        }
      }
      if (!complete) return;
      if (E.duplicate) {
        // The same person twice in the same role (by name, or by member) is a typing slip, not two shares.
        const seen = new Set<string>();
        for (const { row, index } of filled) {
          const keys = [`name:${row!.name!.toLowerCase()}:${row!.role}`, ...(row!.memberId ? [`member:${row!.memberId.toLowerCase()}:${row!.role}`] : [])];
          if (keys.some((key) => seen.has(key))) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.duplicate });
            return;
          }
          for (const key of keys) seen.add(key);
        }
      }
      const total = splitsTotalHundredths(filled.map(({ row }) => row!.split!));
      if (total !== 10_000) ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.splitsSum(String(total / 100)) });
    })
    .transform((rows): Credit[] =>
      (rows ?? [])
        .filter((row) => !isBlank(row))
        .map((row) => ({ name: row!.name!, memberId: row!.memberId?.toLowerCase() ?? null, role: row!.role!, split: row!.split! })),
    );
}
