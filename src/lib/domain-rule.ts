/**
 * SPEC §6: a production host is sent to the main site's login page; test and local hosts are
 * exempt. A host is production when it is one of `productionHosts` or a subdomain of one.
 */
const LOCAL = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$|\.(local|localhost)$/;
const TEST = /(^|\.)test([.-]|$)|(^|[.-])test\.|-test\.|\.test$|(^|\.)(staging|dev)\./;

export function isExemptHost(host: string): boolean {
  const h = host.toLowerCase();
  return LOCAL.test(h) || TEST.test(h);
}

export function isProductionHost(host: string, productionHosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return productionHosts.some((p) => h === p || h.endsWith(`.${p}`));
}

/** Where /dominHandle goes: the main site's login page, or this app's home. */
export function domainTarget(host: string, productionHosts: readonly string[], mainSiteUrl: string): string {
  if (!mainSiteUrl || isExemptHost(host) || !isProductionHost(host, productionHosts)) return '/';
  return `${mainSiteUrl.replace(/\/$/, '')}/login`;
}
