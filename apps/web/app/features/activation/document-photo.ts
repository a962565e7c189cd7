/** The longest side a document photo is sent at: enough to read a document, far below a phone camera's. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A photo as it is sent (decision 025): decoded by the browser (turned upright by its EXIF orientation),
 * downscaled to {@link PHOTO_MAX_SIDE} and encoded again as JPEG. The new file carries no EXIF at all:
 * no location, no camera, no date. Null when the browser cannot read the file as an image.
 */
export async function preparePhoto(file: File): Promise<{ type: 'image/jpeg'; data: string; bytes: number } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) return null;
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return { type: 'image/jpeg', data, bytes: blob.size };
}
