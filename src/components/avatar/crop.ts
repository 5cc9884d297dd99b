import type { Area } from 'react-easy-crop';

/** Side of the uploaded avatar: the server re-encodes it again, smaller. */
const SIDE = 512;

/** The square the user chose of the picked photo, as a 512×512 JPEG. */
export async function croppedSquare(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, SIDE, SIDE);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, SIDE, SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', 0.9),
  );
}
