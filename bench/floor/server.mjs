// The floor app's production server: Express 5 and @react-router/express, as the shop serves its build.
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import express from 'express';

const dir = import.meta.dirname;
const build = await import(path.join(dir, 'build/server/index.js'));
const app = express();
app.disable('x-powered-by');
app.use('/assets', express.static(path.join(dir, 'build/client/assets'), { immutable: true, maxAge: '1y', index: false }));
app.use(express.static(path.join(dir, 'build/client'), { maxAge: '1h', index: false }));
app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`floor listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
