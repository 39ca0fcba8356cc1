import * as React from "react";
import { Picture } from "./picture.tsx";

/**
 * An image that shows `fallback` instead when there is no source or the file fails to load,
 * including a failure that happened before the page's script took over. With `sizes`, it is a
 * responsive `Picture` (its variants, lazy unless `priority` or `eager`).
 */
export function FallbackImage({
  src,
  fallback,
  onError,
  sizes,
  priority,
  eager,
  ...props
}: Omit<React.ComponentProps<"img">, "src" | "sizes"> & {
  src: string | null | undefined;
  fallback: React.ReactNode;
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
}) {
  const [failed, setFailed] = React.useState(false);
  const ref = React.useRef<HTMLImageElement>(null);

  // A new source gets a new chance; a server-rendered image may already have failed before
  // hydration, when no handler was listening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again when the source changes
  React.useEffect(() => {
    const image = ref.current;
    setFailed(Boolean(image?.complete && image.naturalWidth === 0));
  }, [src]);

  if (!src || failed) return <>{fallback}</>;
  const handleError = (event: React.SyntheticEvent<HTMLImageElement>) => {
    setFailed(true);
    onError?.(event);
  };
  if (sizes !== undefined) {
    return (
      <Picture
        ref={ref}
        src={src}
        sizes={sizes}
        priority={priority}
        eager={eager}
        onError={handleError}
        {...props}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useAltText: alt comes with the props
    <img ref={ref} src={src} onError={handleError} {...props} />
  );
}
