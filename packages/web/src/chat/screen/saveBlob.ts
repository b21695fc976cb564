import type { BlobLike } from '@rechtschat/core';

async function toBlob(data: BlobLike): Promise<Blob> {
  if (data instanceof Blob) return data;
  return new Blob([await data.arrayBuffer()], { type: data.type });
}

/**
 * Offers `data` to the user as a download named `fileName` via a temporary anchor.
 * Returns the object URL; the caller revokes it once it is no longer needed
 * (revoking right after the click cancels the download in some browsers).
 */
export async function saveBlob(data: BlobLike, fileName: string): Promise<string> {
  const url = URL.createObjectURL(await toBlob(data));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  return url;
}
