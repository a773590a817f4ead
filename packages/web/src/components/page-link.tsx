import { Link, type LinkProps } from 'react-router';

interface PageLinkProps extends Omit<LinkProps, 'className'> {
  /** Whether the link leads to the page shown now (aria-current="page", `activeClassName`). */
  active: boolean;
  className: string;
  activeClassName: string;
  inactiveClassName: string;
}

/** A navigation link (main navigation, wardrobe tabs) that marks the page shown now. */
export function PageLink({
  active,
  className,
  activeClassName,
  inactiveClassName,
  ...link
}: PageLinkProps) {
  return (
    <Link
      {...link}
      aria-current={active ? 'page' : undefined}
      className={`${className} ${active ? activeClassName : inactiveClassName}`}
    />
  );
}
