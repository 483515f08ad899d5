/**
 * totalticketcount of an event whose sales have not begun (design: -99999), which the listing, the
 * event page and the server all read. Zod-free and tiny: it joins the storefront's boot chunk
 * (vite.config.ts), so the two screens sharing it cost no chunk of its own on `/`.
 */
export const NOT_ON_SALE = -99999;
