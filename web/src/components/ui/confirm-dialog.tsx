import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { m } from "@/lib/copy";

/**
 * Asks before a step the server takes and that cannot be undone. While `pending` the dialog stays open and
 * cannot be dismissed, so the answer (a toast, the dialog closing) comes where the question was asked:
 * confirming does not close it, `onClose` does once the caller is done.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
  action,
  pending,
  pendingAction = action,
  destructive = false,
  cancel,
  confirmDisabled = false,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Shown between the question and the buttons (e.g. what is about to be deleted). */
  children?: ReactNode;
  action: string;
  pending: boolean;
  /** The action's words while the server works. */
  pendingAction?: string;
  destructive?: boolean;
  /** The words of the button that keeps things as they are. */
  cancel?: string;
  /** The action waits for something (an amount still being worked out); Cancel still works. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancel ?? m.common_cancel()}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? "bg-destructive text-destructive-foreground hover:bg-destructive/90" : undefined}
            disabled={pending || confirmDisabled}
            onClick={(e) => {
              e.preventDefault();
              onConfirm();
            }}
          >
            {pending ? pendingAction : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
