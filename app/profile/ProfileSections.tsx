/**
 * The parts of the own-profile page that /profile and /mobile-profile both
 * show, each in its own layout: the picture, the details form, the account
 * settings, and SPEC §8's message when the profile cannot be read.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { PROFILE_TEXT } from "./profile-text";

interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

/** The last reply of the form named `intent`, so each form on the page shows only its own errors. */
export function useResultFor(): (intent: string) => SubmissionResult<string[]> | undefined {
  const data = useActionData() as FormActionData | undefined;
  return (intent) => (data && data.intent === intent ? data.result : undefined);
}

export function ProfileFetchError({ message }: { message: string }) {
  return (
    <Alert variant="destructive" title={message}>
      {PROFILE_TEXT.fetchFailedHint}
    </Alert>
  );
}
