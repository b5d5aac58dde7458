/**
 * Turns the photo the user picked into what the server stores: a 128×128 square (the centre of the
 * picture, cropped), re-encoded in the browser as a small data: URL. Re-encoding also means any
 * format the browser can open (HEIC on Safari, GIF, a huge camera JPEG) becomes a few KB of WebP,
 * or PNG where the browser cannot encode WebP, and nothing of the original file (EXIF location
 * included) leaves the device.
 */
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, avatarDataUrlSchema } from "@/shared/schemas/perfil";

/** Decoding a bigger file could stall a phone; nobody needs more than this for a 128 px avatar. */
export const MAX_SOURCE_BYTES = 15 * 1024 * 1024;

export class AvatarError extends Error {}

export async function resizeAvatar(file: File): Promise<string> {
  // Some systems give no type for an unknown extension: then decoding decides.
  if (file.type && !file.type.startsWith("image/"))
    throw new AvatarError("Escolha um arquivo de imagem (PNG, JPEG ou WebP).");
  if (file.size > MAX_SOURCE_BYTES) throw new AvatarError("A imagem escolhida é grande demais (máximo de 15 MB).");
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AvatarError("Não foi possível abrir esta imagem. Escolha um arquivo PNG, JPEG ou WebP.");
  }
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = AVATAR_SIZE_PX;
    canvas.height = AVATAR_SIZE_PX;
    const context = canvas.getContext("2d");
    if (!context) throw new AvatarError("Seu navegador não conseguiu processar a imagem.");
    context.imageSmoothingQuality = "high";
    context.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      AVATAR_SIZE_PX,
      AVATAR_SIZE_PX,
    );
    // A browser without a WebP encoder answers PNG, which the server accepts as well.
    let dataUrl = canvas.toDataURL("image/webp", 0.85);
    if (!avatarDataUrlSchema.safeParse(dataUrl).success) dataUrl = canvas.toDataURL("image/png");
    const checked = avatarDataUrlSchema.safeParse(dataUrl);
    if (!checked.success) {
      throw new AvatarError(
        `Não foi possível reduzir a imagem para menos de ${Math.round(AVATAR_MAX_BYTES / 1024)} KB. Tente outra foto.`,
      );
    }
    return dataUrl;
  } finally {
    bitmap.close();
  }
}
