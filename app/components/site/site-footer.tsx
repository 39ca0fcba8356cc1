import type { FooterLink } from "#common/schemas/site-settings.ts";

/** The footer of every public page (docs/product/public-site.md#footer), from the site settings. */
export function SiteFooter({
  companyName,
  tagline,
  links,
  year,
}: {
  companyName: string;
  tagline: string;
  links: readonly FooterLink[];
  year: number;
}) {
  return (
    <footer className="border-t border-night-700 bg-night-950">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-10 text-center sm:px-6">
        {links.length > 0 ? (
          <nav aria-label="Footer" className="mb-4">
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
              {links.map((link) => (
                <li key={`${link.label} ${link.href}`}>
                  <FooterAnchor link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="font-pixel text-[0.6rem] tracking-tight text-grass-400" aria-hidden="true">
          GG. SEE YOU IN THE NEXT WORLD.
        </p>
        {tagline ? <p className="text-sm text-zinc-300">{tagline}</p> : null}
        <p className="text-sm text-zinc-400">
          © {year} {companyName} LLC. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** A page of this site opens in place; another site in a new tab, like every outside link. */
function FooterAnchor({ link }: { link: FooterLink }) {
  const className =
    "text-zinc-300 underline-offset-4 hover:text-grass-400 hover:underline focus-visible:text-grass-400";
  if (link.href.startsWith("/")) {
    return (
      <a href={link.href} className={className}>
        {link.label}
      </a>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {link.label}
    </a>
  );
}
