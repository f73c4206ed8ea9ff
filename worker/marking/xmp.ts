/**
 * The machine-readable mark every image the product delivers carries (EU AI Act Art. 50(2); issue 26):
 * an XMP packet with IPTC's digital source type "trainedAlgorithmicMedia" (made by a trained model).
 * One constant packet, spliced into each container without touching the pixels: PNG iTXt
 * `XML:com.adobe.xmp` (downloads/png.ts, png-encode.ts), WebP VP8X + `XMP ` chunk (downloads/webp.ts),
 * TIFF tag 700 (downloads/tiff.ts), JPEG APP1 (downloads/mark.ts). docs/decisions/110-ai-marking.md.
 */

export const DIGITAL_SOURCE_TYPE = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/** Read-only packet (no padding): nobody is meant to edit it in place. */
export const XMP_PACKET =
  `<?xpacket begin="\u{feff}" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
  `<x:xmpmeta xmlns:x="adobe:ns:meta/">` +
  `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about=""` +
  ` xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"` +
  ` xmlns:xmp="http://ns.adobe.com/xap/1.0/"` +
  ` Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE}"` +
  ` xmp:CreatorTool="Headshot Studio"/>` +
  `</rdf:RDF>` +
  `</x:xmpmeta>` +
  `<?xpacket end="r"?>`;

/** The packet as UTF-8, the encoding every container stores XMP in. */
export const XMP_BYTES = new TextEncoder().encode(XMP_PACKET);
