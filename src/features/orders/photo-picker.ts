// The photo picker of a return (/camera) and a complaint (/help), in the browser: photos taken or
// picked on the phone are resized before they leave it (a 12 MP shot becomes ~300 KB), shown as
// previews the shopper can remove, and uploaded one by one to the order's return-photo store.

type PhotoPickerText = Record<'photo' | 'remove' | 'removePhoto' | 'notPhoto' | 'photoFailed', string>;

type PickerOptions = {
  input: HTMLInputElement;
  previews: HTMLElement;
  maxEdge: number;
  maxPhotos: number;
  text: PhotoPickerText;
  fail: (message: string) => void;
};

/** A JPEG no larger than maxEdge on its long side. */
async function resize(file: File, maxEdge: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('resize failed'))), 'image/jpeg', 0.82));
}

export function photoPicker({ input, previews, maxEdge, maxPhotos, text, fail }: PickerOptions) {
  let photos: Blob[] = [];

  input.addEventListener('change', async () => {
    const chosen = [...(input.files ?? [])].slice(0, maxPhotos - photos.length);
    input.value = '';
    for (const file of chosen) {
      try {
        const blob = await resize(file, maxEdge);
        photos.push(blob);
        const item = document.createElement('li');
        const image = document.createElement('img');
        image.src = URL.createObjectURL(blob);
        image.alt = text.photo.replace('{n}', String(photos.length));
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = text.remove;
        remove.setAttribute('aria-label', text.removePhoto.replace('{n}', String(photos.length)));
        remove.addEventListener('click', () => {
          photos = photos.filter((p) => p !== blob);
          item.remove();
        });
        item.append(image, remove);
        previews.append(item);
      } catch {
        fail(text.notPhoto);
      }
    }
  });

  return {
    count: () => photos.length,
    /** Uploads every photo; the ids to name in the request, or null once a failure was shown. */
    async upload(orderId: string): Promise<string[] | null> {
      const ids: string[] = [];
      for (const photo of photos) {
        const sent = await fetch(`/ondc/order/return-photo?order_id=${encodeURIComponent(orderId)}`, {
          method: 'POST',
          headers: { 'content-type': photo.type },
          body: photo,
        }).catch(() => null);
        const body = sent ? ((await sent.json().catch(() => null)) as { data?: { photo_id: string }; error?: { message: string } } | null) : null;
        if (!sent?.ok || !body?.data) {
          fail(body?.error?.message ?? text.photoFailed);
          return null;
        }
        ids.push(body.data.photo_id);
      }
      return ids;
    },
  };
}
