import { type ComponentProps, use } from "react";
import {
  createPath,
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  type NavLinkRenderProps,
  type Path,
  parsePath,
  useLocation,
} from "react-router";
import { StaticPageContext } from "#app/lib/page-hydration.ts";

/** The props of Link that only React Router's navigation uses, never written into the anchor. */
type RouterOnlyProps =
  | "to"
  | "reloadDocument"
  | "prefetch"
  | "replace"
  | "state"
  | "preventScrollReset"
  | "relative"
  | "viewTransition"
  | "discover";

/**
 * Where `to` leads from the page at `current`, when it is a path from the site's root or only a query
 * string or fragment (which keep the page's path): the `href` React Router would write. Null
 * for a relative path, left to React Router to resolve.
 */
function hrefFrom(to: LinkProps["to"], current: string): string | null {
  const {
    pathname,
    search = "",
    hash = "",
  }: Partial<Path> = typeof to === "string" ? parsePath(to) : to;
  if (!pathname) return createPath({ pathname: current, search, hash });
  // From the root, with no `.` or `..` segment and no empty one for React Router to resolve.
  if (!pathname.startsWith("/") || /(^|\/)\.\.?(\/|$)|\/\//.test(pathname)) return null;
  return createPath({ pathname, search, hash });
}

/** The anchor's own attributes out of a Link's props. */
function anchorProps<T extends LinkProps>(props: T): ComponentProps<"a"> {
  const {
    to: _to,
    reloadDocument: _reloadDocument,
    prefetch: _prefetch,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    discover: _discover,
    ...anchor
  } = props;
  return anchor satisfies Omit<T, RouterOnlyProps>;
}

/**
 * A link of the public site: React Router's Link on a page React hydrates, and a plain anchor
 * with the same `href` on a static page, where nothing would handle a click but the browser
 * (React Router's Link resolves its path and sets up its click handling on every render, a
 * twentieth of an uncached page's server CPU).
 */
export function SiteLink(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const isStatic = use(StaticPageContext);
  const { pathname } = useLocation();
  const href = isStatic ? hrefFrom(props.to, pathname) : null;
  if (href === null) return <Link {...props} />;
  return <a {...anchorProps(props)} href={href} />;
}

/**
 * NavLink of the public site: as SiteLink, with NavLink's active state (`aria-current="page"`
 * and the class or style for it) worked out the same way on a static page.
 */
export function SiteNavLink(props: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const isStatic = use(StaticPageContext);
  const location = useLocation();
  const href = isStatic ? hrefFrom(props.to, location.pathname) : null;
  if (href === null) return <NavLink {...props} />;
  const {
    "aria-current": ariaCurrent = "page",
    caseSensitive = false,
    className,
    end = false,
    style,
    children,
    ...rest
  } = props;
  const isActive = pathIsActive(parsePath(href).pathname ?? "/", location.pathname, {
    caseSensitive,
    end,
  });
  const state: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  return (
    <a
      {...anchorProps(rest as LinkProps)}
      href={href}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === "function"
          ? className(state)
          : [className, isActive ? "active" : null].filter(Boolean).join(" ") || undefined
      }
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </a>
  );
}

/** NavLink's rule: the link's path is the page's, or (without `end`) one of its parents. */
function pathIsActive(
  to: string,
  current: string,
  { caseSensitive, end }: { caseSensitive: boolean; end: boolean },
): boolean {
  const target = caseSensitive ? to : to.toLowerCase();
  const here = caseSensitive ? current : current.toLowerCase();
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === "/");
}
