import { useChooseLanguage } from "@/lib/use-locale";
import { LanguageSwitcher } from "./language-switcher";

/** The switcher of the signed-in app's pages (one address in every language): a choice re-renders the app and is saved. */
export function AppLanguageSwitcher({ id, className, align }: { id: string; className?: string; align?: "start" | "end" }) {
  return <LanguageSwitcher id={id} onChoose={useChooseLanguage()} className={className} align={align} />;
}
