import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isKnownRoute } from '../../../contract/routes.ts';
import { useLang } from '../../lib/use-lang.ts';
import { withLang } from '../paths.ts';
import { isSitePath } from '../../../contract/site-path.ts';

type SmartLinkProps = {
  /** A URL from the setup: an app route, a file on this site, or another site. */
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  hrefLang?: string;
};

/**
 * Setup URLs may point inside the app (client-side navigation, language kept) or anywhere
 * else (a PDF, another site: a plain link, opened in a new tab when external).
 */
export function SmartLink({ href, className, children, ...rest }: SmartLinkProps) {
  const lang = useLang();
  const pathname = href.split(/[?#]/)[0] ?? href;
  if (isSitePath(href) && isKnownRoute(pathname)) {
    return (
      <Link to={withLang(href, lang)} className={className} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^(https?:)?\/\//.test(href);
  return (
    <a href={href} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
