/** "Withdraw submission": a plain form (works without JavaScript); the server answers 404 for anyone else's or a decided one. */
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { SUBMISSION_TEXT, SUBMISSIONS_PATH } from "./constants";

export function WithdrawForm({ id, title, action = SUBMISSIONS_PATH }: { id: string; title: string; action?: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="submissionId" value={id} />
      <Button type="submit" variant="outline" aria-label={`${SUBMISSION_TEXT.withdraw}: ${title}`}>
        {SUBMISSION_TEXT.withdraw}
      </Button>
    </Form>
  );
}
