import { PACK_TYPE_LABELS, STUDIO_FILTER_KEYS } from "#common/constants.ts";

const PACK_TYPE_OF_FILTER_KEY = new Map(
  Object.entries(STUDIO_FILTER_KEYS).map(([packType, key]) => [key, packType]),
);

/**
 * The stored pack type behind a studio filter key ("Skin Pack" -> "skin-pack",
 * docs/product/content-model.md#portfolio-items); null for a value that is no filter key.
 */
export function packTypeOfFilterKey(key: string): string | null {
  return PACK_TYPE_OF_FILTER_KEY.get(key) ?? null;
}

/**
 * The name a screen shows for a pack type (docs/product/content-model.md#pack-types), from its
 * stored value or from the studio filter key the portfolio view carries ("Addon" and "addon" are
 * both "Add-On"); any other value as it is, and null for none.
 */
export function packTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const packType = PACK_TYPE_LABELS[value] ? value : PACK_TYPE_OF_FILTER_KEY.get(value);
  return (packType && PACK_TYPE_LABELS[packType]) || value;
}
