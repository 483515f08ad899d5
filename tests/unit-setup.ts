import { configure } from '@testing-library/dom';

// Lazy route modules load on first use; on a busy CI machine that can take longer than the
// default 1 s that findBy*/waitFor wait. The wait ends as soon as the element appears.
configure({ asyncUtilTimeout: 5000 });
