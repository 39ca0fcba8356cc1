import { LinkIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

/** Where each share button sends the visitor, for the page address `url` titled `title`. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    x: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    reddit: `https://www.reddit.com/submit?url=${u}&title=${t}`,
  };
}

/**
 * Share on X, Facebook and Reddit (each in a new tab), and Copy Link, which the site script
 * runs (app/site-script/copy-link.client.ts), the same on a static page and in the dashboard.
 */
export function ShareButtons({
  url,
  title,
  className,
}: {
  url: string;
  title: string;
  className?: string;
}) {
  const links = shareLinks(url, title);
  return (
    <ul className={cn("flex flex-wrap gap-3", className)}>
      <li>
        <ShareLink href={links.x} network="X" icon={<XLogo />} />
      </li>
      <li>
        <ShareLink href={links.facebook} network="Facebook" icon={<FacebookLogo />} />
      </li>
      <li>
        <ShareLink href={links.reddit} network="Reddit" icon={<RedditLogo />} />
      </li>
      <li>
        <Button type="button" variant="secondary" data-copy-link={url}>
          <LinkIcon aria-hidden="true" /> Copy Link
        </Button>
      </li>
    </ul>
  );
}

function ShareLink({
  href,
  network,
  icon,
}: {
  href: string;
  network: string;
  icon: React.ReactNode;
}) {
  return (
    <Button asChild variant="secondary">
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Share on ${network}`}>
        {icon} {network}
      </a>
    </Button>
  );
}

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41Z" />
    </svg>
  );
}

function FacebookLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

/** A simple drawing of the Reddit mascot's head. */
function RedditLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="4.6" cy="11.6" r="2.1" />
      <circle cx="19.4" cy="11.6" r="2.1" />
      <ellipse cx="12" cy="15" rx="8.4" ry="6" />
      <circle cx="18.2" cy="4" r="1.8" />
      <path d="M12.6 9.2 13.9 3.4l4.1.9-.2.9-3.2-.7-1.1 4.9z" />
      <circle cx="8.8" cy="14" r="1.35" className="fill-night-850" />
      <circle cx="15.2" cy="14" r="1.35" className="fill-night-850" />
      <path
        d="M8.9 17.4c1.9 1.3 4.3 1.3 6.2 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.1"
        strokeLinecap="round"
        className="stroke-night-850"
      />
    </svg>
  );
}
