import { manifestFirstLoadJs, JS_BUDGET } from './bench/first-load-js.ts';
for (const r of manifestFirstLoadJs()) if (r.gzip > JS_BUDGET - 400) console.log(r.name, r.gzip - JS_BUDGET);
