/**
 * The listing's last menu and sub-menu (afisha query id and sid), so "Back to ticket
 * selection" returns the visitor to the list they came from. Session storage: it belongs to
 * this tab's visit, not to the visitor forever.
 */
export type ListingSelection = { id?: string | undefined; sid?: string | undefined };

const KEY = 'storefront.listing-selection';

export function rememberListingSelection(selection: ListingSelection) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ id: selection.id, sid: selection.sid }));
  } catch {
    // Storage can be disabled (private mode, embedded frames); the link then goes to the plain listing.
  }
}

export function lastListingSelection(): ListingSelection {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (value === null || typeof value !== 'object') return {};
    const { id, sid } = value as Record<string, unknown>;
    return { id: typeof id === 'string' ? id : undefined, sid: typeof sid === 'string' ? sid : undefined };
  } catch {
    return {};
  }
}
