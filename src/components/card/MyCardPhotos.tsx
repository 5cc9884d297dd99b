import { usePhotoSrc } from '../../db';
import { CardPhotos } from './CardPhotos';

/**
 * My card's photos: a value may be a server URL or a photo picked on this device
 * (`local:<id>`, see src/db/uploads.ts), which usePhotoSrc reads from IndexedDB.
 */
export function MyCardPhotos(props: { photo: string; photo_back: string; name?: string }) {
  const front = usePhotoSrc(props.photo);
  const back = usePhotoSrc(props.photo_back);
  return <CardPhotos {...props} srcs={{ front, back }} />;
}
