import * as TabsPrimitive from "@radix-ui/react-tabs";
import { styled } from "./styled";

export const Tabs = TabsPrimitive.Root;
export const TabsList = styled(
  TabsPrimitive.List,
  "inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground",
);
export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  "inline-flex items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
);
export const TabsContent = styled(TabsPrimitive.Content, "mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring");
