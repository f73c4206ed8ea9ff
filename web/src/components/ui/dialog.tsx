import type * as React from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { m } from "@/lib/copy";
import { dialogClasses } from "./dialog-classes";
import { styled } from "./styled";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;
export const DialogOverlay = styled(DialogPrimitive.Overlay, dialogClasses.overlay);

/** The card, its own Close button last; unlike an alert dialog's, it scrolls when taller than the screen. */
export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(dialogClasses.content, "max-h-[90vh] overflow-y-auto", className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{m.common_close()}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = styled("div", "flex flex-col gap-1.5 text-center sm:text-left");
export const DialogFooter = styled("div", dialogClasses.footer);
export const DialogTitle = styled(DialogPrimitive.Title, "text-lg font-semibold leading-none tracking-tight");
export const DialogDescription = styled(DialogPrimitive.Description, dialogClasses.description);
