import * as LabelPrimitive from "@radix-ui/react-label";
import { styled } from "./styled";

export const Label = styled(
  LabelPrimitive.Root,
  "text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
);
