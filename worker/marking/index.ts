/** The marking area's public module: the XMP packet every delivered image carries (EU AI Act Art. 50(2)). */
export { XMP_BYTES } from "./xmp";
