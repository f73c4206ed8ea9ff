import type { ComponentProps, ElementType } from "react";
import { cn } from "@/lib/utils";

/**
 * A part of a primitive (a Radix part or an HTML element) wearing our classes, the caller's `className` merged after
 * them; every other prop passes through, `ref` too (a plain prop since React 19, so no forwardRef). Most wrappers in
 * this folder are one line of this with their classes.
 */
export function styled<T extends ElementType>(Part: T, classes: string) {
  const Tag: ElementType = Part;
  function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Tag className={cn(classes, className)} {...props} />;
  }
  Styled.displayName = typeof Part === "string" ? Part : (Part as { displayName?: string }).displayName;
  return Styled;
}
