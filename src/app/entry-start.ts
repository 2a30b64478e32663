import { takeTokenFromAddress } from '../api/token-from-address';
import { loadFirstPageCode } from './first-page-code';

// The first of the entry's modules to run (src/main.tsx imports it before React): the
// rest of the entry, React, Mantine and the router, takes 30 to 60 ms to evaluate, and
// the fields page's files, asked for once the router was made, arrived only after it
// (bench/results/first-screen.md). Asked for here, they arrive meanwhile.

// A sign-in link's token leaves the address before anything renders or requests.
export const linkedToken = takeTokenFromAddress(window.location, window.history);

loadFirstPageCode(window.location.pathname);
