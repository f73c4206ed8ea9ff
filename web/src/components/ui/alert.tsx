import type * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";
import { styled } from "./styled";

const alertVariants = cva(
  "relative w-full rounded-lg border px-4 py-3 text-sm [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-3.5 [&>svg]:size-4 [&>svg~*]:pl-7",
  {
    variants: {
      variant: {
        default: "bg-card text-foreground",
        info: "border-primary/30 bg-accent text-accent-foreground [&>svg]:text-primary",
        warning: "border-amber-300 bg-amber-50 text-amber-900 [&>svg]:text-amber-600",
        destructive: "border-destructive/40 bg-destructive/5 text-destructive [&>svg]:text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Alert({ className, variant, role = "alert", ...props }: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role={role} className={cn(alertVariants({ variant }), className)} {...props} />;
}

export const AlertTitle = styled("h5", "mb-1 font-semibold leading-none tracking-tight");
export const AlertDescription = styled("div", "text-sm [&_p]:leading-relaxed");
