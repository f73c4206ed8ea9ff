/** The part of utif (UTIF.js, no bundled types) the tests use as an independent TIFF decoder. */
declare module "utif" {
  interface IFD {
    width: number;
    height: number;
    [tag: string]: unknown;
  }
  const UTIF: {
    decode(buffer: ArrayBuffer | Uint8Array): IFD[];
    decodeImage(buffer: ArrayBuffer | Uint8Array, ifd: IFD): void;
    toRGBA8(ifd: IFD): Uint8Array;
  };
  export default UTIF;
}
