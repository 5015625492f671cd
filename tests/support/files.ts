import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";

/** Files as a browser sends them, for the tests of uploads. */

/** The EXIF block a phone writes: its camera name and where the picture was taken. */
const phoneExif = {
  IFD0: { Make: "TestCam" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "37/1 33/1 59/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "126/1 58/1 41/1",
  },
};

/**
 * A JPEG as a phone writes it: a camera name and the place it was taken (GPS) in its EXIF block,
 * and optionally an EXIF orientation. For tests that check what is stored has none of it.
 */
export function photoWithLocation(
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 80, height = 40, orientation } = options;
  const image = sharp({ create: { width, height, channels: 3, background: "#3366cc" } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).withExifMerge(phoneExif).toBuffer();
}

export interface ImageOptions {
  width?: number;
  height?: number;
  colour?: string;
  /** Carry a phone's EXIF block (camera and GPS), as pictures straight from a phone do. */
  gps?: boolean;
}

/** A picture of one colour, PNG or JPEG as its name says. */
export async function imageFile(name = "photo.jpg", options: ImageOptions = {}): Promise<File> {
  const { width = 640, height = 360, colour = "#2448d8", gps = false } = options;
  const png = name.toLowerCase().endsWith(".png");
  let image = sharp({ create: { width, height, channels: 3, background: colour } });
  if (gps) image = image.withExifMerge(phoneExif);
  const bytes = await (png ? image.png() : image.jpeg()).toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: png ? "image/png" : "image/jpeg" });
}

/** A (tiny) PDF document: what matters to the server is that it starts with %PDF-. */
export function pdfDocument(name = "issue.pdf", text = "club magazine"): File {
  return new File([`%PDF-1.7\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });
}

/** A real one-page PDF that runs a script when it is opened (what uploads must refuse). */
export async function pdfWithScript(name = "magazine.pdf"): Promise<File> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  document.catalog.set(
    PDFName.of("OpenAction"),
    document.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert('hi')") }),
  );
  return new File([(await document.save()).slice()], name, { type: "application/pdf" });
}
