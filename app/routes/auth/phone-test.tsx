/**
 * The phone-authentication test pages of SPEC §2 (/test-phone-auth,
 * /simple-phone-test, /working-phone-test, /local-phone-test): one module,
 * mounted at each address by app/route-map.ts; the flow lives in app/auth/phone.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhoneAuthTest } from "~/auth/phone/PhoneAuthTest";
import { PHONE_TEST_FORMS, phoneTestPage } from "~/auth/phone/phone-test.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

const TITLES: Record<string, string> = {
  "/test-phone-auth": "Phone authentication test",
  "/simple-phone-test": "Simple phone test",
  "/working-phone-test": "Working phone test",
  "/local-phone-test": "Local phone test",
};

const route = defineRoute({
  access: "public-viewer",
  async load(context) {
    const title = TITLES[context.url.pathname.replace(/\/$/, "")] ?? TITLES["/test-phone-auth"]!;
    return { title, ...(await phoneTestPage(context)) };
  },
  forms: PHONE_TEST_FORMS,
});

export const loader = route.loader;
export const action = route.action;
// 429 refusals carry Retry-After.
export const headers = route.headers;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Phone test"} | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;

export default function PhoneTestRoute() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <PhoneAuthTest title={title} />
    </div>
  );
}
