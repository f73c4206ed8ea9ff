declare module "@jsquash/webp/codec/enc/webp_enc_simd.js" {
  import type { WebPModule } from "@jsquash/webp/codec/enc/webp_enc";
  const factory: (options?: Record<string, unknown>) => Promise<WebPModule>;
  export default factory;
}
