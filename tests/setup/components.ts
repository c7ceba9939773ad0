import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait 1 s by default: on a shared 2-core CI machine running e2e beside this suite, a lazy chunk or a
// state update can take longer than that without anything being wrong
configure({ asyncUtilTimeout: 5_000 });
