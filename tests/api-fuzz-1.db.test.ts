import { fuzzHalf } from './fuzz/fuzz-half.ts';

// Half 1 of the API fuzzing (tests/fuzz/fuzz-half.ts): every other route, the other half in
// tests/api-fuzz-2.db.test.ts.
fuzzHalf(0, 'tests/api-fuzz-1.db.test.ts');
