/**
 * What any unknown address shows (docs/product/public-site.md#not-found), served with status 404.
 */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-zinc-400">Did you forget to add the page to the router?</p>
    </section>
  );
}
