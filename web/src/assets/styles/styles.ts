import type { StyleId } from "../../lib/domain";
import type { PortraitSpec } from "./portrait";

/** One illustration per style (SPEC §3). Replace with photos through photos.ts; see README.md. */
export const STYLE_ART: Record<StyleId, PortraitSpec> = {
  LinkedIn: {
    backdrop: { kind: "gradient", from: "#dbe7f6", to: "#a9c1e4" },
    outfit: { kind: "blazer", jacket: "#1f2f4d", top: "#dce8f7" },
    skin: "#e8b894",
    hair: "#3b2a20",
  },
  Corporate: {
    backdrop: { kind: "studio", from: "#eceef1", to: "#a7adb7" },
    outfit: { kind: "suit", jacket: "#2b2f36", shirt: "#f6f7f9", tie: "#7a1f2b" },
    skin: "#c68c68",
    hair: "#1d1713",
  },
  Blazer: {
    backdrop: { kind: "gradient", from: "#f4ebe0", to: "#dcc7ae" },
    outfit: { kind: "blazer", jacket: "#b08055", top: "#fbf8f3" },
    skin: "#f0c7a6",
    hair: "#6b4428",
  },
  Suit: {
    backdrop: { kind: "studio", from: "#5c6c84", to: "#25303f" },
    outfit: { kind: "suit", jacket: "#16213a", shirt: "#f1f4f8", tie: "#34508a" },
    skin: "#a86f4c",
    hair: "#17110d",
  },
  Business: {
    backdrop: { kind: "gradient", from: "#e3efee", to: "#b6d0cd" },
    outfit: { kind: "shirt", shirt: "#a9c4e6", collar: "#c3d6ef" },
    skin: "#dca47f",
    hair: "#2a1d16",
  },
  "White Background": {
    backdrop: { kind: "gradient", from: "#ffffff", to: "#f3f4f6" },
    outfit: { kind: "suit", jacket: "#555b66", shirt: "#ffffff", tie: "#2a2f38" },
    skin: "#f2cfb3",
    hair: "#8a5a35",
  },
  "Black Background": {
    backdrop: { kind: "studio", from: "#2d2f35", to: "#08090b" },
    outfit: { kind: "knit", top: "#1a1b1f", trim: "#2c2d33" },
    skin: "#8d5a3c",
    hair: "#0f0b09",
  },
  Speaker: {
    backdrop: { kind: "stage", from: "#3a2a63", to: "#120c24", light: "#8b74d6" },
    outfit: { kind: "blazer", jacket: "#111318", top: "#3f4656" },
    skin: "#e2a984",
    hair: "#2d211a",
  },
  "Casual Selfie": {
    backdrop: { kind: "bokeh", from: "#fde2c0", to: "#f3b98f", dots: "#fff7e8" },
    outfit: { kind: "knit", top: "#7d9a7e", trim: "#6b8a6d" },
    skin: "#eab99a",
    hair: "#a0602f",
  },
  Office: {
    backdrop: { kind: "office", from: "#e9edf1", to: "#c8d2dc" },
    outfit: { kind: "shirt", shirt: "#f7f7f5", collar: "#ffffff" },
    skin: "#b97c58",
    hair: "#231914",
  },
};

/** Gender cards use the neutral studio look. */
export const GENDER_ART: PortraitSpec = {
  backdrop: { kind: "studio", from: "#eef0fb", to: "#c9cdef" },
  outfit: { kind: "blazer", jacket: "#3c3f8f", top: "#eef0fb" },
  skin: "#e3ad8a",
  hair: "#2e221b",
};
