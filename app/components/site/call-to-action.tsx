import { ExternalLinkIcon, type LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * The closing band of a public page: a pixel-cornered panel with a small label, a heading, a
 * paragraph and a link to the studio's place elsewhere, opening in a new tab.
 */
export function CallToAction({
  titleId,
  label,
  title,
  text,
  link,
  className,
  labelClassName,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  label: string;
  title: string;
  text: string;
  link: { href: string; label: string; icon: LucideIcon; variant?: ButtonProps["variant"] };
  /** The panel's gradient start colour (a `from-*` class). */
  className: string;
  /** The label's colour. */
  labelClassName: string;
}) {
  const { icon: Icon } = link;
  return (
    <section aria-labelledby={titleId} className="border-t border-night-700">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div
          className={cn(
            "pixel-corners relative overflow-hidden bg-gradient-to-br via-night-900 to-night-900 p-8 sm:p-12",
            className,
          )}
        >
          <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-2xl">
              <p className={cn("font-pixel text-[0.6rem]", labelClassName)}>{label}</p>
              <h2 id={titleId} className="mt-3 text-3xl font-bold text-white sm:text-4xl">
                {title}
              </h2>
              <p className="mt-4 text-zinc-300">{text}</p>
            </div>
            <Button asChild size="lg" variant={link.variant}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                <Icon aria-hidden="true" />
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
