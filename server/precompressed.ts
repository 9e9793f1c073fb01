import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/**
 * The build's hashed assets are compressed once at build time (brotli at its best quality and gzip 9,
 * vite.config.ts) instead of by the compression middleware on every request: less CPU per first visit
 * and smaller files for phones. Serves `x.js.br` or `x.js.gz` as `x.js` when the browser accepts it;
 * anything else falls through to express.static. The file list is read once: assets never change.
 */
export function precompressedAssets(dir: string) {
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    // Browsers list gzip before br at the same weight; the smaller brotli file is preferred whenever accepted.
    const encoding = req.acceptsEncodings('br') && files.has(`${name}.br`) ? 'br' : req.acceptsEncodings('gzip') && files.has(`${name}.gz`) ? 'gzip' : null;
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader('Content-Encoding', encoding);
    req.url = `/${name}.${encoding === 'br' ? 'br' : 'gz'}`;
    next();
  };
}
