import { PRODUCT_NAME } from "~/shared/constants";

/** SPEC §1: an Organization and a WebSite whose SearchAction targets the catalogue. */
export function siteStructuredData(origin: string) {
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: PRODUCT_NAME,
      url: origin,
      logo: `${origin}/favicon.svg`,
      description: "A members-only collective of songwriters, producers and A&R professionals.",
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: PRODUCT_NAME,
      url: origin,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}/music-catalog?search={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

export function StructuredData({ data, nonce }: { data: unknown; nonce?: string }) {
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
