import type * as React from "react";
import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button";
import { dialogClasses } from "./dialog-classes";
import { styled } from "./styled";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;
export const AlertDialogOverlay = styled(AlertDialogPrimitive.Overlay, dialogClasses.overlay);

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content className={cn(dialogClasses.content, className)} {...props} />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = styled("div", "flex flex-col gap-2 text-center sm:text-left");
export const AlertDialogFooter = styled("div", dialogClasses.footer);
export const AlertDialogTitle = styled(AlertDialogPrimitive.Title, "text-lg font-semibold");
export const AlertDialogDescription = styled(AlertDialogPrimitive.Description, dialogClasses.description);
export const AlertDialogAction = styled(AlertDialogPrimitive.Action, buttonVariants());
export const AlertDialogCancel = styled(AlertDialogPrimitive.Cancel, buttonVariants({ variant: "outline" }));
