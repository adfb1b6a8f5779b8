import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of a PDF as a reader would copy it, page by page, extracted with Mozilla's PDF.js (what
 * Firefox uses): items in content-stream order, right-to-left runs turned back to reading order.
 */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join(""));
    }
    return pages.join("\n");
  } finally {
    await pdf.destroy();
  }
}
