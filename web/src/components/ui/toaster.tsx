import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { useToast } from "./use-toast";
import { m } from "@/lib/copy";

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider label={m.common_notification()}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      {/* Radix puts the key that jumps to the toasts in place of {hotkey} */}
      <ToastViewport label={m.common_notifications_region({ hotkey: "{hotkey}" })} />
    </ToastProvider>
  );
}
