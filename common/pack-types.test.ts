import { describe, expect, it } from "vitest";
import { PACK_TYPES, STUDIO_FILTER_KEYS } from "#common/constants.ts";
import { packTypeLabel } from "./pack-types.ts";

describe("packTypeLabel", () => {
  it("names each pack type one way, whether given its stored value or its studio filter key", () => {
    expect(PACK_TYPES.map(packTypeLabel)).toEqual([
      "World/Map",
      "Skin Pack",
      "Texture Pack",
      "Add-On",
      "Mashup Pack",
      "Resource Pack",
      "Behavior Pack",
    ]);
    for (const [packType, key] of Object.entries(STUDIO_FILTER_KEYS)) {
      expect(packTypeLabel(key), key).toBe(packTypeLabel(packType));
    }
    expect(packTypeLabel("Addon")).toBe("Add-On");
  });

  it("shows any other value as it is, and nothing for none", () => {
    expect(packTypeLabel("seasonal-bundle")).toBe("seasonal-bundle");
    expect(packTypeLabel(null)).toBeNull();
    expect(packTypeLabel("")).toBeNull();
  });
});
