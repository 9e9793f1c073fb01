export declare const HEADLESS_SHELL: string;
export declare const CHROMIUM: string;
export declare const BROWSER_PACKAGES: string[];
export declare const INSTALL_COMMAND: string;
export declare function chromiumPath(env?: NodeJS.ProcessEnv, exists?: (path: string) => boolean): string;
export type BrowserPlan = { action: 'none'; note?: string } | { action: 'install' } | { action: 'stop'; message: string };
export declare function browserPlan(opts?: { env?: NodeJS.ProcessEnv; exists?: (path: string) => boolean; root?: boolean }): BrowserPlan;
export declare function ensureBrowser(): void;
