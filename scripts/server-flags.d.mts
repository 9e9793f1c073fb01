export declare function serverExecArgv(workers?: number): string[];
export declare const SERVER_ENV: Record<string, string>;
