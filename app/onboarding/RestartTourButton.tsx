/**
 * "Restart the tour" (SPEC §4: the tour can be restarted from profile settings).
 * A plain form posting intent=restart to /onboarding, so it works without
 * JavaScript; /onboarding resets the state and sends the viewer back to
 * `returnTo` (a same-origin path, checked on the server) where the welcome
 * modal then shows again. Used on /profile (H1) and /dashboard (H6).
 */
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { ONBOARDING_ACTION, RESTART_TOUR_LABEL } from "./view";

export function RestartTourButton(props: { returnTo?: string }): JSX.Element {
  return (
    <Form method="post" action={ONBOARDING_ACTION}>
      <input type="hidden" name="intent" value="restart" />
      {props.returnTo ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null}
      <Button type="submit" variant="outline">
        {RESTART_TOUR_LABEL}
      </Button>
    </Form>
  );
}
