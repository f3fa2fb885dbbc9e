// zod for code shared with the browser. Without `jitless`, zod probes for eval
// (`new Function`) on its first object parse; the page CSP forbids eval, so the
// probe would be reported as a CSP violation. Import z from here, not 'zod'.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
