/** True when the Accept header names image/webp with a weight above 0 (a wildcard is not enough). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const item of accept.split(",")) {
    const [type = "", ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (type !== "image/webp") continue;
    const weight = params.map((param) => /^q=([0-9.]+)$/.exec(param)?.[1]).find(Boolean);
    return weight === undefined || Number(weight) > 0;
  }
  return false;
}
