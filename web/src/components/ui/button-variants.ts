/** The button look, alone (no tailwind-merge, no Slot): the prerendered public pages use it on plain links. */
import { cva } from "class-variance-authority";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-background shadow-sm hover:bg-muted hover:text-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-muted hover:text-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-12 rounded-lg px-6 text-base",
        icon: "h-10 w-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/**
 * A button whose words may wrap, its height growing from its size's own: for labels that a longer language makes
 * wider than a phone (issue 50: "Ça ne me ressemble pas : nouvel essai gratuit"). Merged after the button's classes
 * (cn, or Button's className), it replaces the size's fixed height and the base's single line — marked important (`!`),
 * as the public pages join classes with clsx, which leaves both of two conflicting classes in place.
 */
export const wrapping = {
  default: "h-auto! min-h-10 whitespace-normal! text-center",
  lg: "h-auto! min-h-12 whitespace-normal! py-3 text-center",
} as const;
