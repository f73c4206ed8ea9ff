/** All nine pages' copy at once, for the build (content/seo.ts: titles, descriptions, breadcrumbs). */
import type { ServiceSlug } from "@/lib/paths";
import type { ServiceContent, ServiceCopy } from "./types";

export const SERVICE_CONTENT = import.meta.glob<ServiceCopy>(["./*-headshots.ts"], { import: "default", eager: true });
/** A page's copy in the locale being rendered. */
export const serviceContent = (slug: ServiceSlug): ServiceContent => SERVICE_CONTENT[`./${slug}.ts`]!();
