import sharp from "sharp";

/**
 * A JPEG as a phone writes it: a camera name and the place it was taken (GPS) in its EXIF block,
 * and optionally an EXIF orientation. For tests that check what is stored has none of it.
 */
export function photoWithLocation(
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 80, height = 40, orientation } = options;
  const image = sharp({ create: { width, height, channels: 3, background: "#3366cc" } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image)
    .withExifMerge({
      IFD0: { Make: "TestCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 33/1 59/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "126/1 58/1 41/1",
      },
    })
    .toBuffer();
}
