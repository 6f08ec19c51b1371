/** /test-phone-auth: a phone-authentication test page (SPEC §2); the flow lives in app/auth/phone. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PhoneAuthTest } from "~/auth/phone/PhoneAuthTest";
import { phoneTestAction, phoneTestLoader } from "~/auth/phone/phone-test.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { PRODUCT_NAME } from "~/shared/constants";

const TITLE = "Phone authentication test";

export const meta: MetaFunction = () => [{ title: `${TITLE} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export const loader = (args: LoaderFunctionArgs) => phoneTestLoader(args);
export const action = (args: ActionFunctionArgs) => phoneTestAction(args);
export const ErrorBoundary = RouteErrorBoundary;

export default function Page() {
  return (
    <div className={container}>
      <PhoneAuthTest title={TITLE} />
    </div>
  );
}
