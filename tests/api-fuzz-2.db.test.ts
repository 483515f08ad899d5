import { fuzzHalf } from './fuzz/fuzz-half.ts';

// Half 2 of the API fuzzing (tests/fuzz/fuzz-half.ts): every other route, the other half in
// tests/api-fuzz-1.db.test.ts.
fuzzHalf(1, 'tests/api-fuzz-2.db.test.ts');
