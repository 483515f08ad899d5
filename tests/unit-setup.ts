import { configure } from '@testing-library/dom';

// Lazy route modules load on first use; on a busy CI machine that can take longer than the
// default 1 s that findBy*/waitFor wait. The wait ends as soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so no scrolling: the app's scroll on navigation (web/lib/navigation.tsx)
// would only print "not implemented". Tests of that scroll put their own spy in its place.
if (typeof window !== 'undefined') window.scrollTo = () => {};
