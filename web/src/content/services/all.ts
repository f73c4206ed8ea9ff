/** All nine pages' copy at once, for the build (content/seo.ts: titles, descriptions, breadcrumbs). */
import type { ServiceSlug } from "@/lib/paths";
import type { ServiceContent } from "./types";

export const SERVICE_CONTENT = import.meta.glob<ServiceContent>(["./*-headshots.ts"], { import: "default", eager: true });
export const serviceContent = (slug: ServiceSlug): ServiceContent => SERVICE_CONTENT[`./${slug}.ts`]!;
