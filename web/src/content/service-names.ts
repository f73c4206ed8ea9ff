/**
 * The audience pages' names and groups in the page's language (the header, the footer, breadcrumbs and the
 * 404 page name them all). The slugs and the groups' keys stay in lib/paths.ts.
 */
import { SERVICE_GROUPS, type ServiceSlug } from "@/lib/paths";
import { m } from "@/lib/copy";

const NAMES: Record<ServiceSlug, () => string> = {
  "linkedin-headshots": m.public_service_linkedin,
  "gmail-headshots": m.public_service_gmail,
  "cv-headshots": m.public_service_cv,
  "actor-headshots": m.public_service_actor,
  "modeling-headshots": m.public_service_modeling,
  "business-headshots": m.public_service_business,
  "professional-headshots": m.public_service_professional,
  "work-headshots": m.public_service_work,
  "ai-headshots": m.public_service_ai,
};
export const serviceName = (slug: ServiceSlug) => NAMES[slug]();

type ServiceGroup = (typeof SERVICE_GROUPS)[number];
const GROUPS: Record<ServiceGroup, () => string> = {
  "Platform Specific": m.public_group_platform,
  "Industry Specific": m.public_group_industry,
  "General Use": m.public_group_general,
};
export const serviceGroupName = (group: ServiceGroup) => GROUPS[group]();
