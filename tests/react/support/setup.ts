// The React suites wait for what a screen shows once its lazily loaded widgets and answers have
// arrived: on a busy machine that can take longer than Testing Library's one second.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
