import * as React from "react";

/**
 * An image that shows `fallback` instead when there is no source or the file fails to load,
 * including a failure that happened before the page's script took over.
 */
export function FallbackImage({
  src,
  fallback,
  onError,
  ...props
}: Omit<React.ComponentProps<"img">, "src"> & {
  src: string | null | undefined;
  fallback: React.ReactNode;
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
  return (
    // biome-ignore lint/a11y/useAltText: alt comes with the props
    <img
      ref={ref}
      src={src}
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}
