import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Only React Router's plugin: the floor is the framework's own cost, without the shop's CSS or aliases.
export default defineConfig({ root: import.meta.dirname, plugins: [reactRouter()] });
